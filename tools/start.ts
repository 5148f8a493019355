// `npm start`: builds the client when its sources are newer than the build, then starts the server.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/client/index.html');
const sources = ['src/client', 'src/shared', 'locales', 'schemas', 'screens.json', 'index.html', 'collect.html', 'vite.config.ts', 'tools/collection-page', 'package-lock.json'];

function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(p).reduce((m, name) => Math.max(m, newest(path.join(p, name))), s.mtimeMs);
}

const stale = !existsSync(built) || sources.some((s) => newest(path.join(root, s)) > statSync(built).mtimeMs);
if (stale) {
  console.log('Building the client...');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
await import('../src/server/main.ts');
