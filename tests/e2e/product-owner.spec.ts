// A product owner's change, end to end: in a copy of the project only JSON files are edited
// (a table column, a list filter, a form field with its validation rule) and the types are generated from them again;
// the copy passes `npm run validate`, is built and served by its own server, and the panel shows the change.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, loginAs, type PrivateServer, startServer, test } from './helpers.ts';

const PORT = Number(process.env.E2E_PORT ?? 3199) + 60;
const COPIED = ['index.html', 'collect.html', 'vite.config.ts', 'tsconfig.json', 'package.json', 'screens.json', 'schemas', 'locales', 'src', 'tools'];

type Json = any;

let copy: string;
let server: PrivateServer | undefined;

function edit(file: string, change: (value: Json) => void): void {
  const full = path.join(copy, file);
  const value = JSON.parse(readFileSync(full, 'utf8'));
  change(value);
  writeFileSync(full, JSON.stringify(value, null, 2));
}

function run(args: string[]) {
  return spawnSync('npx', args, { cwd: copy, encoding: 'utf8', env: { ...process.env, CI: 'true' } });
}

test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  copy = path.resolve(mkdtempSync(path.join('.tmp', 'product-owner-')));
  for (const item of COPIED) {
    // the build's validators and texts are made again; the generated types are part of the sources
    cpSync(item, path.join(copy, item), { recursive: true, filter: (src) => src !== path.join('src', 'client', 'generated') });
  }
  symlinkSync(path.resolve('node_modules'), path.join(copy, 'node_modules'), 'dir');

  // A column for a field the entity already has.
  edit('screens.json', (doc) => {
    const recipients = doc.screens.find((s: Json) => s.id === 'recipients');
    recipients.columns.splice(2, 0, { field: 'externalId', title: 'entities:recipient.externalId', sortable: true });
  });
  // A filter on it.
  edit('schemas/filters/recipient.json', (schema) => {
    schema.properties.externalId = { type: 'string', maxLength: 64, title: 'entities:recipient.externalId' };
  });
  // A form field for an existing column, with a validation rule from the catalogue.
  edit('schemas/forms/customer.json', (schema) => {
    schema.properties.logoUrl = { type: 'string', maxLength: 500, format: 'safeUrl', title: 'entities:customer.logoUrl' };
  });
  edit('schemas/forms/customer.ui.json', (ui) => {
    ui['ui:order'].splice(ui['ui:order'].indexOf('isActive'), 0, 'logoUrl');
    // The URL input brings the rule's host check to the browser (npm run validate asks for it).
    ui.logoUrl = { 'ui:widget': 'url' };
  });

  // the form's type changed with it (validate reports the generated file as stale until this runs)
  const generated = run(['tsx', 'tools/generate-types.ts']);
  expect(generated.status, generated.stderr).toBe(0);
  const validated = run(['tsx', 'tools/validate.ts']);
  expect(validated.stdout + validated.stderr).toContain('OK:');
  const built = run(['vite', 'build', '--logLevel', 'error']);
  expect(built.status, built.stderr).toBe(0);
  // The copy's own build, even when the suite's server is told to serve another (CLIENT_DIR).
  server = await startServer(PORT, { DEVICE_AUTHORIZATION: 'false', CLIENT_DIR: path.join(copy, 'dist', 'client') }, copy);
});

test.afterAll(async () => {
  await server?.stop();
  if (copy) rmSync(copy, { recursive: true, force: true });
});

async function signIn(page: Page, login: 'admin' | 'superadmin') {
  await loginAs(page, login, { baseURL: server!.baseURL, dir: server!.dataDir });
}

test('the new column and filter appear on the recipients list', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto(`${server!.baseURL}/panel/recipients`);
  await expect(page.getByRole('columnheader', { name: 'External ID' })).toBeVisible();
  await expect(page.getByRole('cell', { name: /^EMP-\d{4}$/ }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Filters' }).click();
  const card = page.getByRole('region', { name: 'Filters' });
  await card.getByRole('textbox', { name: 'External ID' }).fill('EMP-1007');
  await card.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('cell', { name: 'EMP-1007', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: /^EMP-\d{4}$/ })).toHaveCount(1);
  await expect(page).toHaveURL(/externalId/);
});

test('the new form field is shown, validated by its rule, and saved', async ({ page }) => {
  await signIn(page, 'superadmin');
  await page.goto(`${server!.baseURL}/panel/customers/create`);
  const logo = page.getByRole('textbox', { name: 'Logo', exact: true });
  await expect(logo).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Logo Test Ltd');
  await page.getByRole('textbox', { name: 'URL', exact: true }).fill('logo-test');
  await logo.fill('http://192.168.1.10/logo.png');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('URL is invalid. Use an http, https or ftp address outside private networks')).toBeVisible();

  await logo.fill('https://cdn.example.com/logo.png');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('The customer has been saved.');

  const saved = await page.evaluate(async () => {
    const res = await fetch(`/api/customer?options=${encodeURIComponent(JSON.stringify({ search: 'logo-test' }))}`, {
      headers: { authorization: `Bearer ${sessionStorage.getItem('token')}` },
    });
    return (await res.json()).items[0];
  });
  expect(saved.logoUrl).toBe('https://cdn.example.com/logo.png');
});
