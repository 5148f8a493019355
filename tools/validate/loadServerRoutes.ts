// The server's API routes for the API-call check, or why they could not be had. The server reads schemas/ and
// locales/ as it registers its routes, so a broken file there stops it; that file has been reported by the
// configuration checks by then, and its stack trace would only bury the report.
import type { ServerApi } from './apiRoutes.ts';

export type ServerRoutes = ({ ok: true } & ServerApi) | { ok: false; reason: string };

export async function loadServerRoutes(): Promise<ServerRoutes> {
  try {
    // imported here, not at the top: a broken JSON file the server imports fails the import itself
    const { serverApi } = await import('./apiRoutes.ts');
    return { ok: true, ...(await serverApi()) };
  } catch (error) {
    return { ok: false, reason: headline(error instanceof Error ? error.message : String(error)) };
  }
}

/** The message without what follows its first complete line ("Transform failed with 1 error:" announces the next). */
function headline(message: string): string {
  const lines = message.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  const end = lines.findIndex((line) => !line.endsWith(':'));
  return lines.slice(0, end === -1 ? lines.length : end + 1).join(' ');
}
