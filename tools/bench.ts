// `npm run bench`: measurements recorded in docs/measurements.md. Bounded: it creates its own data in a
// temporary database, sends requests in-process (the browser part: over 127.0.0.1 only) and stops by itself.
//   npm run bench                 every part
//   npm run bench -- bundle       initial JavaScript per route (gzip), from a fresh client build
//   npm run bench -- lists [N]    list latency on N generated recipients (default 200000)
//   npm run bench -- statement [N] an account's statement at N balance updates (default 1000000): the route against its raw SQL
//   npm run bench -- payouts [N]  N payouts (default 1000000): the list against its raw SQL, a bulk change of their status, the report
//   npm run bench -- imports [N]  a spreadsheet of N payout rows (default 50000): the import route against the xlsx package's parse and the raw SQL of the same writes
//   npm run bench -- summaries [N] the dashboard's summaries at N payouts (default 1000000): each route against its raw SQL
//   npm run bench -- scale [N]    N payouts (default 10000000) over 100000 recipients and 50 customers, and a statement of 5000000
//                                 balance updates: the lists' first pages and the statement against their raw SQL, their plans, a 1M-row report's memory
//   npm run bench -- codes [N]    N payout SMS (default 100000) to an HTTP gateway on 127.0.0.1: messages a second against bare POSTs, codes and panel requests meanwhile
//   npm run bench -- limits       what counting the request limits in the database adds to a login, against a bare SELECT 1
//   npm run bench -- browser      cold loads in Chromium: first rows against a floor page, the login and a create form
// With DATABASE_URL set, the list, statement, codes, limits and browser parts run on that PostgreSQL server (in a database each creates).
import { gzipSync } from 'node:zlib';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type DatabaseHandle } from '../src/server/db/index.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { seedDemo } from '../src/server/seed/demo.ts';
import { checkLedger } from '../src/server/ledger/index.ts';
import { browserBench } from './bench-browser.ts';
import { payoutsBench } from './bench-payouts.ts';
import { importsBench } from './bench-imports.ts';
import { summariesBench } from './bench-summaries.ts';
import { codesBench } from './bench-codes.ts';
import { limitsBench } from './bench-limits.ts';
import { scaleBench } from './bench-scale.ts';
import { bundleRoutes } from './bench-routes.ts';
import { cardWeights, printCardWeights } from './bundle-weights/report.ts';
import { DESCRIPTORS_PREFIX } from './screens-split/plugin.ts';
import { createScratchDatabase } from './scratch-database.ts';

const root = path.resolve(import.meta.dirname, '..');
const [part = 'all', arg] = process.argv.slice(2);

function kib(bytes: number) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

async function bundle() {
  // BENCH_OUT_DIR lets two measurements run side by side without sharing (and deleting) one build.
  const outDir = path.resolve(root, process.env.BENCH_OUT_DIR ?? '.tmp/bench-client');
  // Which modules each file holds, for the weight of each card package (tools/bundle-weights).
  const weightsFile = path.join(outDir, '.vite/module-weights.json');
  rmSync(weightsFile, { force: true });
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'error', '--manifest', '--outDir', outDir, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BUNDLE_WEIGHTS: weightsFile },
  });
  if (r.status !== 0) throw new Error('client build failed');
  const manifestFile = path.join(outDir, '.vite/manifest.json');
  const manifest: Record<string, { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; css?: string[] }> = JSON.parse(
    readFileSync(manifestFile, 'utf8'),
  );
  const gz = (file: string) => gzipSync(readFileSync(path.join(outDir, file))).length;
  // Everything a chunk pulls in statically, i.e. what must load before it runs.
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const i of manifest[key].imports ?? []) closure(i, seen);
    return seen;
  };
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
  const base = closure(entry);
  const routeFiles = new Map<string, Set<string>>();
  console.log('\nInitial JavaScript per route (gzip; the entry and what the route loads before it shows):\n');
  console.log('| route | what loads | gzip JS |');
  console.log('|---|---|---|');
  for (const route of bundleRoutes) {
    const keys = new Set(base);
    // The first screen's text set is a JSON file the entry fetches (core/i18n.ts), not a chunk: counted as before,
    // when it was one, so the figures stay comparable.
    const texts: string[] = [];
    for (const source of route.modules) {
      const textSet = /^src\/client\/generated\/texts\/([\w.]+)\.json$/.exec(source);
      if (textSet) {
        const file = readdirSync(path.join(outDir, 'assets')).find((name) => name.startsWith(`${textSet[1]}-`) && name.endsWith('.json'));
        if (file) {
          texts.push(`assets/${file}`);
          continue;
        }
      }
      // The rest of a screen's descriptor: a JSON file the screen fetches, counted like the texts.
      const descriptorFile = /^screens\/([\w-]+)\.json$/.exec(source);
      if (descriptorFile) {
        // The folder, not a chunk of the `screens` texts that shares the prefix (screens-<hash>.js).
        const folder = readdirSync(path.join(outDir, 'assets'), { withFileTypes: true }).find((entry) => entry.isDirectory() && entry.name.startsWith(DESCRIPTORS_PREFIX))?.name;
        if (folder && existsSync(path.join(outDir, 'assets', folder, `${descriptorFile[1]}.json`))) {
          texts.push(`assets/${folder}/${descriptorFile[1]}.json`);
          continue;
        }
      }
      // A source module by its path, or a chunk the build groups by name (`_app`: the app around the screens; its
      // JavaScript, not the style sheet the manifest may list under the same name).
      const key = Object.keys(manifest).find((k) => k.endsWith(source) || (source.startsWith('_') && k.startsWith(`${source}-`) && k.endsWith('.js')));
      if (!key) {
        console.log(`| ${route.route} | (module ${source} not found in the build) | |`);
        continue;
      }
      for (const k of closure(key)) keys.add(k);
    }
    const bytes = [...keys].reduce((sum, k) => sum + (manifest[k].file.endsWith('.js') ? gz(manifest[k].file) : 0), 0) + texts.reduce((sum, file) => sum + gz(file), 0);
    console.log(`| ${route.route} | ${route.what} | ${kib(bytes)} |`);
    routeFiles.set(route.route, new Set([...keys].map((k) => manifest[k].file)));
  }
  const collectionFiles = collectionPageWeight(outDir, gz);
  phoneMetadata(outDir, routeFiles);
  printCardWeights(cardWeights(root, weightsFile, new Map([...routeFiles, ['/ (collection page, phone step)', collectionFiles]]), gz), kib);
  rmSync(outDir, { recursive: true, force: true });
}

/**
 * The public collection page, its own bundle (tools/collection-page, collect.html): what loads before the phone-number
 * step shows (its entry with React, and its English texts, which the entry imports at once), and what the signed-in
 * steps add later. The barcode pay-in page (/{customerUrl}/payin) loads the same entry and its own chunk at once: its
 * start-up is both, under the same budget.
 */
function collectionPageWeight(outDir: string, gz: (file: string) => number): Set<string> {
  const manifest: Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }> = JSON.parse(readFileSync(path.join(outDir, '.vite/collect-manifest.json'), 'utf8'));
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const i of manifest[key].imports ?? []) closure(i, seen);
    return seen;
  };
  const first = closure('collect.html');
  for (const key of manifest['collect.html'].dynamicImports ?? []) if (/^locales\/en\//.test(key)) first.add(key);
  const later = closure(Object.keys(manifest).find((key) => key.endsWith('collection/SignedIn.tsx'))!);
  for (const key of first) later.delete(key);
  const payin = closure(Object.keys(manifest).find((key) => key.endsWith('collection/payin/start.tsx'))!);
  for (const key of first) payin.add(key);
  const sum = (keys: Set<string>) => [...keys].reduce((total, key) => total + (manifest[key].file.endsWith('.js') ? gz(manifest[key].file) : 0), 0);
  console.log(`| / (collection page, phone step) | its own entry with React and its English texts (budget 110 KiB) | ${kib(sum(first))} |`);
  console.log(`| / (collection page, signed in) | what the payouts, bank account and success steps add | +${kib(sum(later))} |`);
  console.log(`| /{customerUrl}/payin (pay-in page) | the same entry, its own chunk with the Code 128 encoder, and its English texts (budget 110 KiB) | ${kib(sum(payin))} |`);
  return new Set([...first].map((key) => manifest[key].file));
}

const PHONE_METADATA = [
  { name: 'min', what: 'lengths only' },
  { name: 'mobile', what: 'mobile ranges' },
  { name: 'max', what: 'every range and type' },
] as const;

/** Every string inside a metadata JSON (patterns, prefixes, formats). */
function stringsOf(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsOf(v, out);
  return out;
}

/**
 * The gzip size of each libphonenumber-js metadata set (alone, as compact JSON) and which of them the build holds:
 * each set is recognised by a pattern string no lighter set has, as the bundler keeps string literals as they are.
 */
function phoneMetadata(outDir: string, routeFiles: Map<string, Set<string>>) {
  const require = createRequire(import.meta.url);
  const sets = PHONE_METADATA.map(({ name, what }) => {
    const json: unknown = JSON.parse(readFileSync(require.resolve(`libphonenumber-js/metadata.${name}.json`), 'utf8'));
    return { name, what, gzip: gzipSync(JSON.stringify(json)).length, strings: stringsOf(json) };
  });
  // A long string of this set and of no lighter one (for min: any long string, every set has it).
  const markers = sets.map((set, i) => {
    const lighter = sets.slice(0, i);
    const marker = [...set.strings].find((s) => s.length >= 24 && !/["'`]/.test(s) && lighter.every((l) => !l.strings.has(s)));
    if (!marker) throw new Error(`no marker string for the ${set.name} metadata`);
    // As it appears inside a string literal of the built code.
    return JSON.stringify(marker).slice(1, -1);
  });
  const holders = new Map<string, { file: string; gzip: number; routes: string[] }[]>();
  for (const name of readdirSync(path.join(outDir, 'assets')).filter((f) => f.endsWith('.js'))) {
    const code = readFileSync(path.join(outDir, 'assets', name), 'utf8');
    if (!code.includes(markers[0])) continue;
    // The heaviest set whose marker is in the chunk.
    const set = sets[markers.findLastIndex((m) => code.includes(m))];
    const file = `assets/${name}`;
    const routes = [...routeFiles].filter(([, loaded]) => loaded.has(file)).map(([route]) => route);
    holders.set(set.name, [...(holders.get(set.name) ?? []), { file, gzip: gzipSync(code).length, routes }]);
  }
  console.log('\nPhone metadata (libphonenumber-js; gzip of the metadata alone, as compact JSON) and where the build holds it:\n');
  console.log('| metadata | gzip | in the browser build |');
  console.log('|---|---|---|');
  for (const set of sets) {
    const found = holders.get(set.name) ?? [];
    const where = found.length
      ? found.map((h) => `${h.file} (${kib(h.gzip)} gzip with the code beside it), loaded by: ${h.routes.length ? h.routes.join('; ') : 'none of the routes above'}`).join(' and ')
      : 'no';
    console.log(`| ${set.name} (${set.what}) | ${kib(set.gzip)} | ${where} |`);
  }
}

/**
 * A database of the bench's own: a scratch database on DATABASE_URL's server when it is set, an embedded one in a
 * temporary directory otherwise; `dispose` closes and removes it.
 */
async function scratchDatabase() {
  const dir = mkdtempSync(path.join(tmpdir(), 'payout-bench-'));
  let dropPg: (() => Promise<void>) | null = null;
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL, 'bench');
    databaseUrl = scratch.url;
    dropPg = scratch.drop;
  }
  const database = await openDatabase({ databaseUrl, dataDir: databaseUrl ? undefined : path.join(dir, 'db') });
  const dispose = async () => {
    await database.close();
    await dropPg?.();
    rmSync(dir, { recursive: true, force: true });
  };
  return { database, dir, dispose };
}

async function lists(count: number) {
  const { database, dir, dispose } = await scratchDatabase();
  try {
    await migrate(database);
    await seedDemo(database.db, 'Demo123!');
    const started = Date.now();
    // Generated in the database itself, in batches, so the set-up stays quick and bounded; the phone numbers are
    // valid Polish mobiles (+48 79…), as the API would require.
    for (let done = 0; done < count; done += 50000) {
      const n = Math.min(50000, count - done);
      await sql`INSERT INTO recipients (customer_id, external_id, first_name, last_name, email, phone_number, created_at)
        SELECT 1, 'B-' || g, (ARRAY['Anna','Piotr','Ewa','Jan','Maria'])[1 + g % 5], 'Surname' || (g % 9973),
               'b' || g || '@bench.example.com', '+4879' || lpad(g::text, 7, '0'), now() - (g || ' seconds')::interval
        FROM generate_series(${done + 1}::int, ${done + n}::int) AS g`.execute(database.db);
    }
    await sql`ANALYZE recipients`.execute(database.db);
    const setup = Date.now() - started;
    const config = { ...loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', DEVICE_AUTHORIZATION: 'false' }), clientDir: path.join(dir, 'none') };
    const { app } = await buildApp({ config, database, printMessages: false, logger: false });
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { login: 'admin', password: 'Demo123!' } });
    const token = JSON.parse(login.body).token as string;
    const cases: [string, string][] = [
      ['first page, newest first', '/api/payout/recipient'],
      ['page 500 of 10', '/api/payout/recipient?page=500'],
      ['sorted by last name', '/api/payout/recipient?orderBy=lastName&order=ASC'],
      ['free-text search', `/api/payout/recipient?options=${encodeURIComponent(JSON.stringify({ search: 'surname42' }))}`],
      ['created-at range', `/api/payout/recipient?options=${encodeURIComponent(JSON.stringify({ createdAt: { between: ['2020-01-01 00:00:00', '2100-01-01 00:00:00'] } }))}`],
    ];
    console.log(`\nList latency on ${count.toLocaleString('en')} recipients, ${database.engine} (set-up ${(setup / 1000).toFixed(1)} s; median of 15, after 3 warm-ups):\n`);
    console.log('| request | median | p90 |');
    console.log('|---|---|---|');
    for (const [label, url] of cases) {
      const times: number[] = [];
      for (let i = 0; i < 18; i++) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        if (i >= 3) times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      console.log(`| ${label} | ${times[7].toFixed(1)} ms | ${times[13].toFixed(1)} ms |`);
    }
    await app.close();
  } finally {
    await dispose();
  }
}

/**
 * The medians of two pieces of work timed in turn (a, b, a, b, ...), `runs` times each after `warmUps` untimed
 * rounds, in ms: taking turns, both meet the same load of the machine.
 */
async function timedInTurn(a: () => Promise<unknown>, b: () => Promise<unknown>, runs = 31, warmUps = 60): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < warmUps + runs; i++) {
    for (const [k, work] of [a, b].entries()) {
      const t0 = performance.now();
      await work();
      if (i >= warmUps) times[k].push(performance.now() - t0);
    }
  }
  const median = (list: number[]) => [...list].sort((x, y) => x - y)[Math.floor(runs / 2)];
  return [median(times[0]), median(times[1])];
}

/**
 * One account with `count` balance updates over the last year (top-ups of 2.00 and transfers out of 1.00 in turn,
 * each row holding the balances after it, as the ledger writes them), then its statement's first page and count
 * through the real route (in-process requests) against the raw SQL of the same two queries, run the same way.
 */
async function statementBench(count: number) {
  const { database, dir, dispose } = await scratchDatabase();
  const db = database.db;
  try {
    await migrate(database);
    await seedDemo(db, 'Demo123!');
    const started = Date.now();
    const customer = await db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow();
    const account = await db
      .insertInto('accounts')
      .values({ customer_id: customer.id, name: 'Bench statement', currency: 'PLN', channel_type: null, transfer_type: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Row g (from 1): odd rows add 2.00, even rows take 1.00 out, so after row g the balance is
    // ceil(g/2) * 2000 - floor(g/2) * 1000 thousandths; the rows are spread evenly over the last 365 days, in id order.
    const spacing = (365 * 86400) / count;
    for (let done = 0; done < count; done += 100_000) {
      const n = Math.min(100_000, count - done);
      // Each row its own journal entry, as every movement is (only the statement is measured here).
      await sql`WITH e AS MATERIALIZED (
          SELECT g, nextval(pg_get_serial_sequence('journal_entries', 'id')) AS entry_id FROM generate_series(${done + 1}::int, ${done + n}::int) AS g
        ), j AS (INSERT INTO journal_entries (id) SELECT entry_id FROM e)
        INSERT INTO balance_updates (account_id, type, balance_change, locked_balance_change, balance_after, locked_balance_after, reference, created_at, entry_id)
        SELECT ${account.id}::int, CASE WHEN g % 2 = 1 THEN 'TOP_UP' ELSE 'INTERNAL' END,
               CASE WHEN g % 2 = 1 THEN 2000 ELSE -1000 END, 0,
               ((g + 1) / 2) * 2000 - (g / 2) * 1000, 0,
               'Bench ' || g, now() - make_interval(secs => (${count}::int - g) * ${spacing}::float8), entry_id
        FROM e`.execute(db);
    }
    const balance = Math.ceil(count / 2) * 2000 - Math.floor(count / 2) * 1000;
    await db.updateTable('accounts').set({ balance }).where('id', '=', account.id).execute();
    // As autovacuum would have it on a live server: statistics, and the visibility map that lets a count use the index alone.
    await sql`VACUUM ANALYZE balance_updates`.execute(db);
    const problems = await checkLedger(db, account.id);
    if (problems.length) throw new Error(`the generated statement is inconsistent: ${JSON.stringify(problems)}`);
    const setup = Date.now() - started;

    const config = { ...loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', DEVICE_AUTHORIZATION: 'false' }), clientDir: path.join(dir, 'none') };
    const { app } = await buildApp({ config, database, printMessages: false, logger: false });
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { login: 'admin', password: 'Demo123!' } });
    const token = JSON.parse(login.body).token as string;
    const month = (months: number) => {
      const to = new Date();
      const from = new Date(to);
      from.setUTCMonth(from.getUTCMonth() - months);
      return { from: from.toISOString(), to: to.toISOString() };
    };
    const [one, three] = [month(1), month(3)];
    const cases: { label: string; from: string; to: string; types?: string[]; options?: unknown }[] = [
      { label: 'first page, the last month (default)', ...one },
      { label: 'first page, 3 months', ...three, options: { createdAt: { between: [three.from, three.to] } } },
      { label: 'first page, the last month, type TOP_UP', ...one, types: ['TOP_UP'], options: { createdAt: { between: [one.from, one.to] }, type: ['TOP_UP'] } },
    ];
    console.log(`\nStatement of one account with ${count.toLocaleString('en')} balance updates, ${database.engine} (set-up ${(setup / 1000).toFixed(1)} s; median of 31 taken in turn with the raw SQL, after 60 warm-ups):\n`);
    console.log('| request (page of 10 and the count) | rows in the period | route | raw SQL | route / raw |');
    console.log('|---|---|---|---|---|');
    for (const c of cases) {
      const url = `/api/account/${account.id}/balanceUpdates${c.options ? `?options=${encodeURIComponent(JSON.stringify(c.options))}` : ''}`;
      let rows = 0;
      const routeRequest = async () => {
        const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        rows = (JSON.parse(res.body) as { numberOfRecords: number }).numberOfRecords;
      };
      // The two statements the route's list query runs (toolkit/list.ts: the page and the count, side by side).
      const type = c.types ? sql`AND type IN (${sql.join(c.types)})` : sql``;
      const where = sql`account_id = ${account.id} AND created_at >= ${c.from} AND created_at <= ${c.to} ${type}`;
      const rawQueries = () =>
        Promise.all([
          sql`SELECT count(*)::int AS n FROM balance_updates WHERE ${where}`.execute(db),
          sql`SELECT id, account_id, created_at, type, balance_change, locked_balance_change, balance_after, locked_balance_after,
                     counterparty_account_id, payout_id, reference
              FROM balance_updates WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT 10 OFFSET 0`.execute(db),
        ]);
      const [route, raw] = await timedInTurn(routeRequest, rawQueries);
      console.log(`| ${c.label} | ${rows.toLocaleString('en')} | ${route.toFixed(1)} ms | ${raw.toFixed(1)} ms | ${(route / raw).toFixed(2)}x |`);
    }
    await app.close();
  } finally {
    await dispose();
  }
}

/**
 * A part measured through the real app on a database of its own, the demo seeded, signed in as the demo admin:
 * the payouts list, bulk change and report (tools/bench-payouts.ts), the import (bench-imports.ts), the dashboard's
 * summaries (bench-summaries.ts).
 */
async function withDemoApp(extraConfig: Record<string, string>, run: (database: DatabaseHandle, app: FastifyInstance, token: string) => Promise<void>) {
  const { database, dir, dispose } = await scratchDatabase();
  try {
    await migrate(database);
    await seedDemo(database.db, 'Demo123!');
    const config = { ...loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', DEVICE_AUTHORIZATION: 'false', ...extraConfig }), clientDir: path.join(dir, 'none') };
    const { app } = await buildApp({ config, database, printMessages: false, logger: false });
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { login: 'admin', password: 'Demo123!' } });
    await run(database, app, JSON.parse(login.body).token as string);
    await app.close();
  } finally {
    await dispose();
  }
}

const payouts = (count: number) => withDemoApp({}, (database, app, token) => payoutsBench(count, database, app, token, timedInTurn));
const imports = (count: number) => withDemoApp({ OUTBOX_FILE: 'off' }, (database, app, token) => importsBench(count, database, app, token));
// Its session signed in before the generation (half an hour at 10M) must outlast it.
const scale = (count: number) => withDemoApp({ SESSION_TTL: '86400' }, (database, app, token) => scaleBench(count, database, app, token, timedInTurn));
const summaries = (count: number) => withDemoApp({}, (database, app, token) => summariesBench(count, database, app, token, timedInTurn));
// Its own app per run (tools/bench-codes.ts), on a transport of its own; the login limits raised for its 20 logins.
const codes = (count: number) =>
  codesBench(count, async () => {
    const { database, dir, dispose } = await scratchDatabase();
    await migrate(database);
    await seedDemo(database.db, 'Demo123!');
    const config = { ...loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', OUTBOX_FILE: 'off' }), clientDir: path.join(dir, 'none'), authRateLimit: 100_000, loginSourceMaxFailures: 100_000 };
    return { database, config, dispose };
  });


if (part === 'all' || part === 'bundle') {
  if (!existsSync(path.join(root, 'index.html'))) console.log('no client to measure');
  else await bundle();
}
if (part === 'all' || part === 'lists') await lists(Number(arg ?? 200000));
if (part === 'all' || part === 'statement') await statementBench(Number(part === 'statement' ? (arg ?? 1_000_000) : 1_000_000));
if (part === 'all' || part === 'payouts') await payouts(Number(part === 'payouts' ? (arg ?? 1_000_000) : 1_000_000));
if (part === 'all' || part === 'imports') await imports(Number(part === 'imports' ? (arg ?? 50_000) : 50_000));
if (part === 'all' || part === 'summaries') await summaries(Number(part === 'summaries' ? (arg ?? 1_000_000) : 1_000_000));
// Only when asked for: ten million rows take a quarter of an hour to generate and several GiB of disk.
if (part === 'scale') await scale(Number(arg ?? 10_000_000));
if (part === 'all' || part === 'codes') await codes(Number(part === 'codes' ? (arg ?? 100_000) : 100_000));
// The per-source limit raised: the part logs in a hundred times from one address.
if (part === 'all' || part === 'limits') await withDemoApp({ AUTH_RATE_LIMIT: '100000' }, (database, app) => limitsBench(database, app));
if (part === 'all' || part === 'browser') await browserBench(root);
