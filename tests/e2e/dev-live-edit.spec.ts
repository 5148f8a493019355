// The product owner's loop under `npm run dev`: in a copy of the project, edits to screens.json, a filter
// schema, a form schema with its ui hints and a locale file show in the open page within seconds, without a
// reload (a value left on `window` survives) and without losing the list's address (page, limit, order,
// filters).
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { WATCHING } from '../../tools/live-edit/plugin.ts';
import { DEMO_PASSWORD, expect, loginAs, test } from './helpers.ts';

const COPIED = ['index.html', 'collect.html', 'vite.config.ts', 'tsconfig.json', 'package.json', 'screens.json', 'schemas', 'locales', 'src', 'tools'];
/**
 * A change shows within a second on a quiet machine; the margin is for a busy one: `npm test` runs the API suites
 * beside the browser suite on two cores, and a form schema's edit first has its browser validator
 * compiled again (over 20 s seen there). A reload or a missed update fails all the same: the mark on `window` or the
 * unchanged page tells. (The copy's database lives in its folder, as ./data does in the project: the dev server must
 * not watch it, or its writes queue ahead of the edits.)
 */
const LIVE_TIMEOUT = 45_000;
/** The dev server compiles each module on its first request: the first visit of a screen is slow. */
const FIRST_LOAD_TIMEOUT = 60_000;

type Json = any;

let copy: string;
let dev: ChildProcess | undefined;
let devOutput = '';
let baseURL: string;
let dataDir: string;

function edit(file: string, change: (value: Json) => void): void {
  const full = path.join(copy, file);
  const value = JSON.parse(readFileSync(full, 'utf8'));
  change(value);
  writeFileSync(full, JSON.stringify(value, null, 2));
}

/** A port nobody listens on now (asked of the system, on 127.0.0.1). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function stopDev(): Promise<void> {
  const child = dev;
  if (!child?.pid || child.exitCode !== null) return;
  try {
    // The whole group: npm, tsx watch, the API and Vite.
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  await new Promise((resolve) => {
    const timer = setTimeout(resolve, 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
}

test.describe.configure({ timeout: 300_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  mkdirSync('.tmp', { recursive: true });
  copy = path.resolve(mkdtempSync(path.join('.tmp', 'dev-live-edit-')));
  for (const item of COPIED) {
    cpSync(item, path.join(copy, item), { recursive: true, filter: (src) => !src.split(path.sep).includes('generated') });
  }
  // The packages are shared, but not node_modules/.vite: the copy's dev server pre-bundles into a folder of its own.
  mkdirSync(path.join(copy, 'node_modules'));
  for (const name of readdirSync('node_modules')) {
    if (name !== '.vite') symlinkSync(path.resolve('node_modules', name), path.join(copy, 'node_modules', name));
  }
  dataDir = path.join(copy, 'data');

  const [apiPort, vitePort] = [await freePort(), await freePort()];
  baseURL = `http://127.0.0.1:${vitePort}`;
  dev = spawn('npm', ['run', 'dev'], {
    cwd: copy,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      VITE_PORT: String(vitePort),
      DATA_DIR: dataDir,
      DEMO_PASSWORD,
      DEVICE_AUTHORIZATION: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that stopping it ends everything npm starts.
    detached: true,
  });
  const keep = (chunk: Buffer) => {
    devOutput = (devOutput + chunk.toString()).slice(-20_000);
  };
  dev.stdout?.on('data', keep);
  dev.stderr?.on('data', keep);

  // Up when Vite serves the panel and its proxy reaches the API.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (dev.exitCode !== null) throw new Error(`npm run dev exited with code ${dev.exitCode}:\n${devOutput}`);
    try {
      const [status, panel] = await Promise.all([fetch(`${baseURL}/api/status`), fetch(`${baseURL}/panel`)]);
      // And when its file watcher has walked the project: an edit before that is never reported.
      if (status.ok && panel.ok && devOutput.includes(WATCHING)) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`npm run dev did not start:\n${devOutput}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(async () => {
  await stopDev();
  if (copy) rmSync(copy, { recursive: true, force: true });
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('npm run dev output', { body: devOutput, contentType: 'text/plain' });
});

/** Marks the document: a reload would lose the mark. */
async function mark(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __liveEditMark?: number }).__liveEditMark = 1;
  });
}

async function expectSameDocument(page: Page, address: string): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __liveEditMark?: number }).__liveEditMark)).toBe(1);
  expect(page.url()).toBe(address);
}

test('edits to screens.json, schemas, ui hints and locales show in the open page', async ({ page }) => {
  test.setTimeout(240_000);
  // Once for the dev server to compile the login page, before the helper's shorter waits.
  await page.goto(`${baseURL}/panel`);
  await expect(page.getByRole('textbox', { name: 'User name', exact: true })).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT });
  await loginAs(page, 'admin', { baseURL, dir: dataDir });
  const options = encodeURIComponent(JSON.stringify({ blocked: false }));
  const address = `${baseURL}/panel/recipients?page=2&limit=10&orderBy=lastName&order=ASC&options=${options}`;
  await page.goto(address);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Recipients', { timeout: FIRST_LOAD_TIMEOUT });
  await expect(page.getByRole('row')).toHaveCount(11);
  await expect(page.getByRole('button', { name: /Remove filter/ })).toBeVisible();
  await expect(page.locator('html[data-live-edit="on"]')).toHaveCount(1);
  await mark(page);
  const rowsBefore = await page.getByRole('row').allTextContents();

  // screens.json: a new column.
  edit('screens.json', (doc) => {
    const recipients = doc.screens.find((s: Json) => s.id === 'recipients');
    recipients.columns.splice(2, 0, { field: 'externalId', title: 'entities:recipient.externalId', sortable: true });
  });
  await expect(page.getByRole('columnheader', { name: 'External ID' })).toBeVisible({ timeout: LIVE_TIMEOUT });
  await expect(page.getByRole('cell', { name: /^EMP-\d{4}$/ })).toHaveCount(10);
  await expectSameDocument(page, address);
  // Still page 2 of the same filtered, ordered list.
  expect((await page.getByRole('row').allTextContents()).slice(1).map((row) => row.replace(/EMP-\d{4}/, ''))).toEqual(rowsBefore.slice(1));

  // A locale string: the page title.
  edit('locales/en/common.json', (doc) => {
    doc.screens.recipients.title = 'Recipients (edited)';
  });
  await expect(heading).toHaveText('Recipients (edited)', { timeout: LIVE_TIMEOUT });
  await expectSameDocument(page, address);

  // A filter schema: a new filter field in the open filter card.
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const card = page.getByRole('region', { name: 'Filters' });
  await expect(card.getByRole('button', { name: 'Apply' })).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT });
  await expect(card.getByRole('textbox', { name: 'External ID' })).toHaveCount(0);
  edit('schemas/filters/recipient.json', (schema) => {
    schema.properties.externalId = { type: 'string', maxLength: 64, title: 'entities:recipient.externalId' };
  });
  await expect(card.getByRole('textbox', { name: 'External ID' })).toBeVisible({ timeout: LIVE_TIMEOUT });
  await expectSameDocument(page, address);

  // A form schema and its ui hints, on the form the list links to.
  await page.getByRole('main').getByRole('link', { name: 'Add new', exact: true }).click();
  await expect(page).toHaveURL(`${baseURL}/panel/recipients/create`);
  const formAddress = page.url();
  const firstName = page.getByRole('textbox', { name: 'First name', exact: true });
  await expect(firstName).toBeVisible({ timeout: FIRST_LOAD_TIMEOUT });
  await firstName.fill('Bartholomew');
  await expect(page.getByRole('textbox', { name: 'Billon App user name' })).toBeVisible();
  let posted = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/payout/recipient') posted += 1;
  });
  edit('schemas/forms/recipient.ui.json', (ui) => {
    ui.billonUserName = { 'ui:widget': 'hidden' };
  });
  edit('schemas/forms/recipient.json', (schema) => {
    schema.properties.firstName.maxLength = 5;
  });
  await expect(page.getByRole('textbox', { name: 'Billon App user name' })).toHaveCount(0, { timeout: LIVE_TIMEOUT });
  // The typed value stays; the browser's own check of the new rule refuses it, so nothing is sent.
  await expect(firstName).toHaveValue('Bartholomew');
  await expect(async () => {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Maximum number of characters: 5')).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: LIVE_TIMEOUT });
  expect(posted).toBe(0);
  await expectSameDocument(page, formAddress);

  // Back to the list: its address is the one it had.
  await page.goBack();
  await expect(page).toHaveURL(address);
  await expect(heading).toHaveText('Recipients (edited)');
  await expect(page.getByRole('columnheader', { name: 'External ID' })).toBeVisible();
  await expectSameDocument(page, address);
});
