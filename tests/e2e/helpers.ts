// Shared steps for the browser tests: demo users, codes from the outbox file, logging in, and a
// private server for tests that need different settings.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible } from './a11y.ts';

// Specs import test and expect from here: the test carries the accessibility audit (see a11y.ts).
export { expect, expectAccessible, loadAxe, test } from './a11y.ts';

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo123!';

/** Opens a row's actions menu: its button is named by the row ("Actions for …", "Akcje: …"). */
export async function openRowActions(row: Locator): Promise<void> {
  await row.getByRole('button', { name: /^(Actions for |Akcje: )/ }).click();
  await expect(row.getByRole('menu')).toBeVisible();
}

/** The actions a row's menu offers; the menu is closed again with Escape. */
export async function offeredRowActions(page: Page, row: Locator): Promise<string[]> {
  await openRowActions(row);
  const names = await row.getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  return names;
}

/** The demo users the server seeds, with where their codes are sent. */
export const DEMO_USERS = {
  superadmin: { phone: '+48500100100', email: 'superadmin@demo.example.com', name: 'Sabina Nowak' },
  admin: { phone: '+48500100200', email: 'admin@demo.example.com', name: 'Adam Kowalski' },
  representative: { phone: '+48500100300', email: 'representative@demo.example.com', name: 'Renata Wiśniewska' },
  viewer: { phone: '+48500100400', email: 'viewer@demo.example.com', name: 'Wiktor Zieliński' },
} as const;
export type DemoLogin = keyof typeof DEMO_USERS;

interface OutboxMessage {
  id: number | string;
  channel: 'sms' | 'email';
  to: string;
  subject?: string;
  body: string;
  createdAt: string;
}

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (it is chosen in playwright.config.ts)');
  return dir;
}

function readOutbox(dir: string): OutboxMessage[] {
  const file = path.join(dir, 'outbox.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as OutboxMessage);
}

/** How many messages the outbox holds now; pass it to latestCode to ignore older ones. */
export function outboxMark(dir = dataDir()): number {
  return readOutbox(dir).length;
}

/** The 6-digit code of the newest message to `to` written after `after`, waiting until it appears. */
export async function latestCode(to: string, { after = 0, dir = dataDir(), timeoutMs = 15_000 } = {}): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = readOutbox(dir).slice(after).filter((message) => message.to === to);
    const code = messages.at(-1)?.body.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`No code for ${to} in the outbox of ${dir} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export function field(page: Page, name: string) {
  return page.getByRole('textbox', { name, exact: true });
}

/** Fills the user-name + password form and presses Log in. */
export async function submitCredentials(page: Page, login: string, password: string): Promise<void> {
  await field(page, 'User name').fill(login);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** The device the API sign-in names for every demo user: authorized by its first code, it needs none after. */
const TEST_DEVICE = 'e2edevicee2edevicee2edevice0001';

/** A page of the server's origin that is not the panel: where a session is put without loading the panel. */
const SIGNED_IN_PAGE = '<!doctype html><html lang="en"><head><title>Signed in</title></head><body><main><h1>Signed in</h1></main></body></html>';

/**
 * Signs in as the panel's own calls do (the login call, and the device step with the code from the outbox), puts the
 * session token where the panel keeps it, and opens the panel. The sign-in form has tests of its own
 * (loginThroughForm's callers, login-errors.spec.ts); every other test starts signed in, without the form's page load.
 * With `open: false` the panel is not opened (a test that starts at an address of its own would load it for nothing):
 * the token is put in the tab's storage from a bare page of the same origin, and API calls made through the page work.
 */
export async function loginAs(
  page: Page,
  login: DemoLogin,
  { password = DEMO_PASSWORD, dir = dataDir(), baseURL = '', open = true }: { password?: string; dir?: string; baseURL?: string; open?: boolean } = {},
): Promise<void> {
  const mark = outboxMark(dir);
  const call = async (url: string, data: object) => {
    const response = await page.request.post(`${baseURL}${url}`, { data });
    if (!response.ok()) throw new Error(`${url}: ${response.status()} ${await response.text()}`);
    return response.json();
  };
  let answer = await call('/api/login', { login, password, device: TEST_DEVICE });
  if (!answer.token) {
    const verificationCode = await latestCode(DEMO_USERS[login].phone, { after: mark, dir });
    answer = await call('/api/login/authorize', { login, verificationCode, device: TEST_DEVICE });
  }
  if (!open) {
    const bare = '**/__signed-in';
    await page.route(bare, (route) => route.fulfill({ contentType: 'text/html', body: SIGNED_IN_PAGE }));
    await page.goto(`${baseURL}/__signed-in`);
    await page.evaluate((token) => sessionStorage.setItem('token', token), answer.token as string);
    await page.unroute(bare);
    return;
  }
  // Only for the next document: a later sign-out, or a test clearing the storage, stays signed out.
  const script = await page.addInitScript((token) => sessionStorage.setItem('token', token), answer.token as string);
  await page.goto(`${baseURL}/panel`);
  await script.dispose();
  await expect(page.getByRole('banner')).toBeVisible();
}

/** Logs in through the sign-in form, completing the device step with the SMS code from the outbox. */
export async function loginThroughForm(
  page: Page,
  login: DemoLogin,
  { password = DEMO_PASSWORD, dir = dataDir(), baseURL = '' }: { password?: string; dir?: string; baseURL?: string } = {},
): Promise<void> {
  await page.goto(`${baseURL}/panel`);
  const mark = outboxMark(dir);
  await submitCredentials(page, login, password);
  const codeField = field(page, 'Verification code');
  // The panel's top bar (role banner) is there at every screen width.
  const panel = page.getByRole('banner');
  await expect(codeField.or(panel)).toBeVisible();
  if (await codeField.isVisible()) {
    await expect(page.getByText('Enter the verification code sent to the given phone number')).toBeVisible();
    // The device step lasts only as long as the code takes to arrive: audited here, not left to chance.
    await expectAccessible(page);
    await codeField.fill(await latestCode(DEMO_USERS[login].phone, { after: mark, dir }));
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
  }
  await expect(panel).toBeVisible();
}

export interface PrivateServer {
  baseURL: string;
  dataDir: string;
  stop: () => Promise<void>;
}

/**
 * Starts another server process (own port and data directory) for tests needing other settings;
 * `root` runs the server of another copy of the project.
 */
export async function startServer(port: number, env: Record<string, string>, root = '.'): Promise<PrivateServer> {
  mkdirSync('.tmp', { recursive: true });
  const dir = path.resolve(mkdtempSync(path.join('.tmp', 'e2e-private-')));
  // The run's migrated and seeded data (playwright.config.ts): the server starts without creating its database.
  if (process.env.E2E_SEEDED_DIR) cpSync(process.env.E2E_SEEDED_DIR, dir, { recursive: true });
  const baseURL = `http://127.0.0.1:${port}`;
  // This project's server hashes at the tests' cost (server.ts); another copy's runs as the product does.
  const child: ChildProcess = spawn('npx', ['tsx', root === '.' ? 'tests/e2e/server.ts' : 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dir, DEMO_PASSWORD, LOG_LEVEL: 'warn', ...env },
    stdio: 'ignore',
    // Its own process group, so that stopping it also ends the processes npx starts.
    detached: true,
  });
  const stop = async () => {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, 5_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve(undefined);
        });
      });
    }
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server on port ${port} exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseURL}/api/status`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Server on port ${port} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { baseURL, dataDir: dir, stop };
}

/** Letters only (names accept no digits), different on every run. */
export function freshName(prefix: string): string {
  const letters = Date.now()
    .toString(26)
    .split('')
    .map((c) => String.fromCharCode(97 + parseInt(c, 26)))
    .join('');
  return `${prefix}${letters}`;
}

/** A call to the API with the page's session, as the panel makes it; answers the body (none for a 204), failing on an error. */
export async function apiCall<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ([verb, target, payload]) => {
      const response = await fetch(target, {
        method: verb,
        headers: { Authorization: `Bearer ${sessionStorage.getItem('token')}`, ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      if (!response.ok) throw new Error(`${verb} ${target}: ${response.status} ${await response.text()}`);
      return response.status === 204 ? undefined : response.json();
    },
    [method, url, body] as const,
  );
}

/** A 120x40 PNG of one colour, drawn in the page's browser: a logo picked as a user would pick a file. */
export async function drawnLogo(page: Page, colour: string): Promise<Buffer> {
  const base64 = await page.evaluate((fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = 120;
    canvas.height = 40;
    const context = canvas.getContext('2d')!;
    context.fillStyle = fill;
    context.fillRect(0, 0, 120, 40);
    return canvas.toDataURL('image/png').split(',')[1];
  }, colour);
  return Buffer.from(base64, 'base64');
}

/**
 * The main navigation once its row is laid out: the entries that do not fit are in its "More" menu (the menu's code
 * comes after the first paint and measures the row; it is in the page, shown or not, from then on).
 */
async function measuredNavigation(page: Page) {
  const navigation = page.getByRole('banner').getByRole('navigation');
  await expect(navigation.locator('.nav-more')).toBeAttached();
  return { navigation, more: navigation.getByRole('button', { name: /^(More|Więcej)$/ }) };
}

/** Every entry of the main navigation in order: those on the row, then those in its "More" menu. */
export async function navEntryNames(page: Page): Promise<string[]> {
  const { navigation, more } = await measuredNavigation(page);
  const names = await navigation.getByRole('link').allTextContents();
  if (!(await more.isVisible())) return names;
  await more.click();
  const menu = navigation.getByRole('menu');
  await expect(menu).toBeVisible();
  names.push(...(await menu.getByRole('menuitem').allTextContents()));
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  return names;
}

/** Follows a main navigation entry as a person does: on the row, or from the "More" menu when the row has no room for it. */
export async function followNavEntry(page: Page, name: string): Promise<void> {
  const { navigation, more } = await measuredNavigation(page);
  const link = navigation.getByRole('link', { name, exact: true });
  if (await link.isVisible()) return link.click();
  await more.click();
  await navigation.getByRole('menuitem', { name, exact: true }).click();
}
