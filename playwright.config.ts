// Browser tests: the real server (built client + API) on a fresh data directory.
// `npm run test:e2e` builds the client first; the server serves dist/client.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium, SYSTEM_CHROMIUM } from './tools/chromium.ts';

function launchOptions(): { executablePath?: string; args: string[] } {
  const found = findChromium({ headlessShell: true });
  if (found) return { ...found, args: CHROMIUM_ARGS };
  throw new Error(
    process.env.CHROMIUM_PATH
      ? `CHROMIUM_PATH points at ${process.env.CHROMIUM_PATH}, which does not exist.`
      : `No Chromium found for the browser tests: ${SYSTEM_CHROMIUM} is missing and Playwright has no browser of its own. Install it with \`apt-get install chromium chromium-headless-shell\`.`,
  );
}

const port = Number(process.env.E2E_PORT ?? 3199);
// The config is evaluated again in every worker: the first evaluation picks the data directory and
// hands it to the workers (and the helpers that read the outbox) through the environment.
process.env.DEMO_PASSWORD ??= 'Demo123!';
if (!process.env.E2E_DATA_DIR) {
  mkdirSync('.tmp', { recursive: true });
  // Migrated and seeded once (`npm test` makes it beside the client build): the run's server starts from a copy, and
  // so does every server a test starts of its own (helpers.ts, startServer), each without creating its database.
  if (!process.env.E2E_SEEDED_DIR) {
    process.env.E2E_SEEDED_DIR = path.resolve(mkdtempSync(path.join('.tmp', 'e2e-seeded-')));
    execFileSync('npx', ['tsx', 'tests/e2e/seeded-data-dir.ts', process.env.E2E_SEEDED_DIR], { stdio: 'inherit' });
  }
  process.env.E2E_DATA_DIR = path.resolve(mkdtempSync(path.join('.tmp', 'e2e-')));
  cpSync(process.env.E2E_SEEDED_DIR, process.env.E2E_DATA_DIR, { recursive: true });
}
process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  // A passing expectation returns as soon as it holds: the limit only delays a failure, and a busy 2-core machine
  // (the API suites run beside this one) needs the room.
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: 'en-GB',
    // Recording a trace took a third of the suite's CPU (screenshots and DOM snapshots of every step), on a machine
    // the API suites share: off by default; `npx playwright test --trace retain-on-failure FILE` records one.
    trace: 'off',
    // No animation runs for nothing (the dashboard's skeletons, spinners, the usage bars growing): each one keeps
    // the software compositor drawing frames, and the actionability checks wait for moving elements.
    reducedMotion: 'reduce',
    // Tests only: axe-core, injected into every page for the accessibility audit (tests/e2e/a11y.ts),
    // compiles templates with `new Function`, which the product's CSP refuses.
    bypassCSP: true,
    launchOptions: launchOptions(),
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // The product's server, hashing at the tests' cost (tests/e2e/server.ts).
    command: 'npx tsx tests/e2e/server.ts',
    url: `${process.env.E2E_BASE_URL}/api/status`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      DEMO_PASSWORD: process.env.DEMO_PASSWORD,
      SESSION_TTL: process.env.E2E_SESSION_TTL ?? '1800',
      LOG_LEVEL: 'warn',
    },
  },
});
