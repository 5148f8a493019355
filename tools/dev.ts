// `npm run dev`: the API (restarted on server, schema and locale changes) and the Vite dev server, which sends
// edits of screens.json, schemas, ui hints and locales to the open page without a reload (tools/live-edit).
// Open http://127.0.0.1:5173/panel (VITE_PORT moves it, PORT the API behind it).
import { spawn, type ChildProcess } from 'node:child_process';

const vitePort = process.env.VITE_PORT ?? '5173';

const children: ChildProcess[] = [
  // The server reads the schemas from disk and imports the locales it uses (which tsx watches by itself); it never
  // reads screens.json, so an edit there does not take the API away while the page shows it.
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', '--include', 'schemas/**', '--include', 'locales/**', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.PORT ?? '3000' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, VITE_PORT: vitePort } }),
];

console.log(`Panel with live edits: http://127.0.0.1:${vitePort}/panel (the API listens on its own port behind it)`);

function stop(code = 0) {
  for (const c of children) if (c.pid && c.exitCode === null) c.kill('SIGTERM');
  process.exit(code);
}
for (const c of children) c.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
