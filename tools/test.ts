// `npm test`: type check, unit tests, API tests on PGlite (and on PostgreSQL as well when
// TEST_DATABASE_URL is set), then browser tests. Ends with one line of totals.
import { spawnSync } from 'node:child_process';
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

function run(label: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  console.log(`\n=== ${label}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) broken = true;
  return r.status === 0;
}

const suiteErrors: string[] = [];

function vitest(label: string, project: string, env: NodeJS.ProcessEnv = {}) {
  const file = path.join(out, `${label.replace(/\W+/g, '-')}.json`);
  const ok = run(label, 'npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile=${file}`], env);
  if (!existsSync(file)) return void (failed += 1);
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
  // A run can fail with every test green (an unhandled error, a file that did not load).
  if (!ok && r.numFailedTests === 0) suiteErrors.push(label);
}

if (!run('type check', 'npx', ['tsc', '--noEmit', '-p', '.'])) suiteErrors.push('type check');
vitest('unit', 'unit');
vitest('api on PGlite', 'api', { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) vitest('api on PostgreSQL', 'api');

if (process.env.SKIP_E2E !== '1') {
  // Where no browser is found and the machine can install Debian's package, it is installed here; elsewhere the
  // browser suite stops with the configuration's message naming what to install.
  ensureChromium();
  if (!run('client build', 'npx', ['vite', 'build', '--logLevel', 'warn'])) suiteErrors.push('client build');
  else {
    const file = path.join(out, 'e2e.json');
    run('browser (Playwright)', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
    if (existsSync(file)) {
      const s = JSON.parse(readFileSync(file, 'utf8')).stats;
      passed += s.expected;
      failed += s.unexpected + s.flaky;
      skipped += s.skipped;
    } else failed += 1;
  }
}

for (const label of suiteErrors) console.log(`\n${label}: the run failed outside its tests (see the errors above)`);
failed += suiteErrors.length;
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(broken || failed > 0 ? 1 : 0);
