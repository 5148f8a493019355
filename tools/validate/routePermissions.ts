// The permissions each API route requires (its config.permissions and keyPermissions), taken as apiRoutes.ts builds
// the server, with the source file that declared the route: checkPermissions.ts holds them to schemas/permissions.json.
import path from 'node:path';
import type { FastifyContextConfig } from 'fastify';
import { normaliseCall } from './apiCall.ts';

export interface RoutePermissions {
  /** "METHOD /api/path", parameters written ":" (apiCall.ts). */
  call: string;
  /** The file under src/server that registered the route, or src/server/app.ts when the call stack does not tell. */
  file: string;
  permissions: readonly string[];
}

const REPO = path.resolve(import.meta.dirname, '../..');
const SERVER = 'src/server/';
/** Frames that register routes for others: the app's hook, and the toolkit a route declaration goes through. */
const NOT_THE_DECLARER = [`${SERVER}app.ts`, `${SERVER}toolkit/`];

/** The first file under src/server on the call stack that is neither the app's onRoute hook nor the toolkit. */
function declaringFile(): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 50;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  for (const line of stack.split('\n')) {
    const match = /(?:file:\/\/)?(\/[^():]+\.ts):\d+:\d+/.exec(line);
    if (!match) continue;
    const file = path.relative(REPO, match[1]).split(path.sep).join('/');
    if (file.startsWith(SERVER) && !NOT_THE_DECLARER.some((prefix) => file.startsWith(prefix))) return file;
  }
  return `${SERVER}app.ts`;
}

/** Called from the onRoute hook, so the stack still holds the route's declaration; undefined for a route that names none. */
export function routePermissionsOf(method: string, url: string, config: FastifyContextConfig | undefined): RoutePermissions | undefined {
  const permissions = [...(config?.permissions ?? []), ...(config?.keyPermissions ?? [])];
  if (permissions.length === 0) return undefined;
  return { call: normaliseCall(method, url), file: declaringFile(), permissions };
}
