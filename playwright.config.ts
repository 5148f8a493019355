// Browser tests: the real server (built client + API) on a fresh data directory.
// `npm run test:e2e` builds the client first; the server serves dist/client.
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import { chromium, defineConfig } from '@playwright/test';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';
// Headless Chromium in a closed network: without these flags it keeps trying background connections.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

function launchOptions(): { executablePath?: string; args: string[] } {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) {
    if (!existsSync(chosen)) throw new Error(`CHROMIUM_PATH points at ${chosen}, which does not exist.`);
    return { executablePath: chosen, args: CHROMIUM_ARGS };
  }
  if (existsSync(SYSTEM_CHROMIUM)) return { executablePath: SYSTEM_CHROMIUM, args: CHROMIUM_ARGS };
  let bundled: string | undefined;
  try {
    bundled = chromium.executablePath();
  } catch {
    bundled = undefined;
  }
  if (bundled && existsSync(bundled)) return { args: CHROMIUM_ARGS };
  throw new Error(`No Chromium found for the browser tests: ${SYSTEM_CHROMIUM} is missing and Playwright has no browser of its own. Install it with \`apt-get install chromium\`.`);
}

const port = Number(process.env.E2E_PORT ?? 3199);
// The config is evaluated again in every worker: the first evaluation picks the data directory and
// hands it to the workers (and the helpers that read the outbox) through the environment.
if (!process.env.E2E_DATA_DIR) {
  mkdirSync('.tmp', { recursive: true });
  process.env.E2E_DATA_DIR = path.resolve(mkdtempSync(path.join('.tmp', 'e2e-')));
}
process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;
process.env.DEMO_PASSWORD ??= 'Demo123!';

export default defineConfig({
  testDir: 'tests/e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: 'en-GB',
    trace: 'retain-on-failure',
    // Tests only: axe-core, injected into every page for the accessibility audit (tests/e2e/a11y.ts),
    // compiles templates with `new Function`, which the product's CSP refuses.
    bypassCSP: true,
    launchOptions: launchOptions(),
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'npx tsx src/server/main.ts',
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
