// API_BASE_URL, read when the client is built: for a panel (and collection page) served apart from the API, the API's
// origin, which the client's calls go to (src/client/core/api.ts). Unset: the page's own origin, as served by the
// server itself. Both builds (vite.config.ts and the collection page's, tools/collection-page) define it alike.
export function apiBaseDefine(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const value = (env.API_BASE_URL ?? '').trim().replace(/\/+$/, '');
  if (value && !/^https?:\/\/[^/?#]+(\/[^?#]*)?$/.test(value)) throw new Error(`API_BASE_URL must be an http(s) address such as https://api.example.com, got "${value}"`);
  return { 'import.meta.env.API_BASE_URL': JSON.stringify(value) };
}
