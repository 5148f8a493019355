// One API call as the checks compare it: "METHOD /api/path", parameters written ":" whatever their names.
// Kept apart from apiRoutes.ts so that the checks load without the server's code.
export const normaliseCall = (method: string, url: string): string => `${method.toUpperCase()} ${url.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, ':')}`;
