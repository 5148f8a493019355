// `npm test`: type check, unit tests, API tests on PGlite (and on PostgreSQL as well when
// TEST_DATABASE_URL is set), and browser tests. The suites are independent (each API run and the browser
// tests have databases of their own), so they run in two lanes side by side, one per core: the browser tests' seeded
// data, type check, API on PGlite, API on PostgreSQL; and client build, browser tests; the unit tests follow in
// parts, in whichever lane is free. Each suite's output is printed whole when it ends. Ends with the failed tests,
// each with the first lines of its error (a long log is often read from its end only), and one line of totals.
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
/** "suite: file > test" and the first lines of its error, for the list at the end. */
const failures: string[] = [];
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

async function vitest(label: string, project: string, env: NodeJS.ProcessEnv = {}, args: string[] = []) {
  const file = path.join(out, `${label.replace(/\W+/g, '-')}.json`);
  const ok = await run(label, 'npx', ['vitest', 'run', '--project', project, ...args, '--reporter=default', '--reporter=json', `--outputFile=${file}`], env);
  if (!existsSync(file)) return void (failed += 1);
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
  for (const file of r.testResults ?? []) {
    const name = path.relative(root, file.name);
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') failures.push(failure(label, [name, ...(test.ancestorTitles ?? []), test.title].join(' > '), test.failureMessages?.[0]));
    }
    // a file that failed to load has no test results, only its message
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t: { status: string }) => t.status === 'failed')) {
      failures.push(failure(label, name, file.message));
    }
  }
  // A run can fail with every test green (an unhandled error, a file that did not load).
  if (!ok && r.numFailedTests === 0) suiteErrors.push(label);
}

/** The first lines of an error, without colours, indented under its test. */
function failure(suite: string, test: string, message: unknown): string {
  const text = String(message ?? '').replace(/\u001b\[[0-9;]*m/g, '').trim().split('\n').filter((line) => !line.includes('node_modules')).slice(0, 6).map((line) => `    ${line}`);
  return [`${suite}: ${test}`, ...text].join('\n');
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: { title: string; file: string; line: number; tests: { status: string; results: { error?: { message?: string } }[] }[] }[];
  suites?: PlaywrightSuite[];
}

/** Playwright's report nests describe blocks; a test is failed unless it ran as expected (or was skipped). */
function playwrightFailures(report: { suites?: PlaywrightSuite[] }, titles: string[] = []): void {
  const walk = (suite: PlaywrightSuite, outer: string[]) => {
    const inner = suite.file && suite.title === suite.file ? outer : [...outer, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === 'expected' || test.status === 'skipped') continue;
        const error = test.results.find((result) => result.error)?.error?.message;
        failures.push(failure('browser', `tests/e2e/${spec.file}:${spec.line} > ${[...inner, spec.title].join(' > ')}`, error));
      }
    }
    for (const child of suite.suites ?? []) walk(child, inner);
  };
  for (const suite of report.suites ?? []) walk(suite, titles);
}

/** The client build the browser tests ran on, once made. */
let builtClient: string | undefined;
/** Settles once the client is built (or will not be): the unit tests that read a build wait for it. */
let clientSettled: () => void = () => {};
const clientReady = new Promise<void>((resolve) => (clientSettled = resolve));

/**
 * The data directory every server of the browser run starts from (tests/e2e/seeded-data-dir.ts), made in the first
 * lane while the second builds the client, so that the browser tests, the longer lane, start sooner.
 */
const browserData = path.join(root, '.tmp', `e2e-seeded-${process.pid}`);
let browserDataSettled: (made: boolean) => void = () => {};
const browserDataReady = new Promise<boolean>((resolve) => (browserDataSettled = resolve));
async function makeBrowserData() {
  rmSync(browserData, { recursive: true, force: true });
  browserDataSettled(await run('browser tests: seeded data', 'npx', ['tsx', 'tests/e2e/seeded-data-dir.ts', browserData]));
}

async function browserTests() {
  // Where no browser is found and the machine can install Debian's package, it is installed here; elsewhere the
  // browser suite stops with the configuration's message naming what to install.
  try {
    ensureChromium();
  } catch (error) {
    clientSettled();
    throw error;
  }
  // With its chunk list (.vite/manifest.json, which the server does not serve): the unit tests that read a build
  // (tests/unit/client-build.ts) read this one instead of making their own.
  const built = await run('client build', 'npx', ['vite', 'build', '--logLevel', 'warn', '--manifest']);
  if (built) builtClient = path.join(root, 'dist/client');
  clientSettled();
  if (!built) return void suiteErrors.push('client build');
  if (!(await browserDataReady)) return void suiteErrors.push('browser tests: seeded data');
  const file = path.join(out, 'e2e.json');
  await run('browser (Playwright)', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file, E2E_SEEDED_DIR: browserData });
  rmSync(browserData, { recursive: true, force: true });
  if (existsSync(file)) {
    const s = JSON.parse(readFileSync(file, 'utf8')).stats;
    passed += s.expected;
    failed += s.unexpected + s.flaky;
    skipped += s.skipped;
    playwrightFailures(JSON.parse(readFileSync(file, 'utf8')));
  } else failed += 1;
}

// The unit tests (no database) are cut in parts, taken in turn by whichever lane is free first, so that the lanes end
// together: the API runs (type check, PGlite, PostgreSQL) in one lane, the client build and the browser tests in the
// other. validate's tests are about a third of the unit tests' time (a hundred runs of its checks, and servers built
// from copies of the project): a part of their own, taken first, as the longest part must be for the lanes to end
// together; the others are thirds of the rest (quarters ended no sooner: each part's start costs CPU too). The parts
// that read a client build read the browser tests' one.
const VALIDATE_TESTS = 'tests/unit/validate-tool.test.ts';
const REST_PARTS = 3;
const unitParts = [
  { label: 'unit: validate', args: [VALIDATE_TESTS] },
  ...Array.from({ length: REST_PARTS }, (_, i) => ({ label: `unit ${i + 1}/${REST_PARTS}`, args: [`--exclude=${VALIDATE_TESTS}`, `--shard=${i + 1}/${REST_PARTS}`] })),
];
const unitTests = async () => {
  await clientReady;
  for (let part = unitParts.shift(); part !== undefined; part = unitParts.shift()) {
    await vitest(part.label, 'unit', builtClient ? { CLIENT_BUILD_DIR: builtClient } : {}, part.args);
  }
};
if (process.env.SKIP_E2E === '1') clientSettled();
await Promise.all([
  (async () => {
    if (process.env.SKIP_E2E !== '1') await makeBrowserData();
    if (!(await run('type check', 'npx', ['tsc', '--noEmit', '-p', '.']))) suiteErrors.push('type check');
    await vitest('api on PGlite', 'api', { TEST_DATABASE_URL: '' });
    if (process.env.TEST_DATABASE_URL) await vitest('api on PostgreSQL', 'api');
    await unitTests();
  })(),
  (async () => {
    if (process.env.SKIP_E2E !== '1') await browserTests().catch((error: Error) => void suiteErrors.push(`browser (${error.message})`));
    await unitTests();
  })(),
]);

if (failures.length) console.log(`\nFailed:\n${failures.join('\n')}`);
for (const label of suiteErrors) console.log(`\n${label}: the run failed outside its tests (see the errors above)`);
failed += suiteErrors.length;
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped (${Math.round((Date.now() - started) / 60000)} min)`);
process.exit(broken || failed > 0 ? 1 : 0);
