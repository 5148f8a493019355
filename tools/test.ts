// `npm test`: type check, unit tests, API tests on PGlite (and on PostgreSQL as well when
// TEST_DATABASE_URL is set), and browser tests. The suites are independent (each API run and the browser
// tests have databases of their own), so they run in two lanes side by side, one per core: type check, unit,
// API on PGlite; and client build, browser tests, API on PostgreSQL. Each suite's output is printed whole when
// it ends. Ends with one line of totals.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './chromium.ts';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, '.tmp/test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
let broken = false;
const suiteErrors: string[] = [];
const started = Date.now();

/** Runs one suite with its output kept, and prints the output in one piece when it ends. */
function run(label: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<boolean> {
  const begun = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - begun) / 1000);
      process.stdout.write(`\n=== ${label} (${seconds} s)\n${Buffer.concat(output).toString()}`);
      if (code !== 0) broken = true;
      resolve(code === 0);
    });
    child.on('error', (error) => {
      process.stdout.write(`\n=== ${label}\n${error.message}\n`);
      broken = true;
      resolve(false);
    });
  });
}

async function vitest(label: string, project: string, env: NodeJS.ProcessEnv = {}) {
  const file = path.join(out, `${label.replace(/\W+/g, '-')}.json`);
  const ok = await run(label, 'npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile=${file}`], env);
  if (!existsSync(file)) return void (failed += 1);
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
  // A run can fail with every test green (an unhandled error, a file that did not load).
  if (!ok && r.numFailedTests === 0) suiteErrors.push(label);
}

async function browserTests() {
  // Where no browser is found and the machine can install Debian's package, it is installed here; elsewhere the
  // browser suite stops with the configuration's message naming what to install.
  ensureChromium();
  if (!(await run('client build', 'npx', ['vite', 'build', '--logLevel', 'warn']))) return void suiteErrors.push('client build');
  const file = path.join(out, 'e2e.json');
  await run('browser (Playwright)', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
  if (existsSync(file)) {
    const s = JSON.parse(readFileSync(file, 'utf8')).stats;
    passed += s.expected;
    failed += s.unexpected + s.flaky;
    skipped += s.skipped;
  } else failed += 1;
}

await Promise.all([
  (async () => {
    if (!(await run('type check', 'npx', ['tsc', '--noEmit', '-p', '.']))) suiteErrors.push('type check');
    await vitest('unit', 'unit');
    await vitest('api on PGlite', 'api', { TEST_DATABASE_URL: '' });
  })(),
  (async () => {
    if (process.env.SKIP_E2E !== '1') await browserTests();
    if (process.env.TEST_DATABASE_URL) await vitest('api on PostgreSQL', 'api');
  })(),
]);

for (const label of suiteErrors) console.log(`\n${label}: the run failed outside its tests (see the errors above)`);
failed += suiteErrors.length;
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped (${Math.round((Date.now() - started) / 60000)} min)`);
process.exit(broken || failed > 0 ? 1 : 0);
