// `npm run dev`: the API (restarted on server, schema and locale changes) and the Vite dev server
// (hot reload of the client, schemas and locales). Open http://127.0.0.1:5173/panel.
import { spawn, type ChildProcess } from 'node:child_process';

const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', '--include', 'schemas/**', '--include', 'locales/**', '--include', 'screens.json', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.PORT ?? '3000' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];

console.log('Panel with hot reload: http://127.0.0.1:5173/panel (the API listens on its own port behind it)');

function stop(code = 0) {
  for (const c of children) if (c.pid && c.exitCode === null) c.kill('SIGTERM');
  process.exit(code);
}
for (const c of children) c.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
