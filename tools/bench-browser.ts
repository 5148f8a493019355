// `npm run bench -- browser`: cold page loads in Chromium against the real server. The panel's first 50
// recipients are timed against a floor page (tools/bench-floor: react + react-dom, one fetch, a plain table)
// served by the same server, so both pay the same origin, headers and latency; the login form and a create
// form are timed on their own. Bounded: fixed run counts, its own build and database in a temporary
// directory, a server on 127.0.0.1 only, and everything closed at the end. BENCH_DEBUG=1 prints each page's
// console, errors and refused requests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/index.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { seedDemo } from '../src/server/seed/demo.ts';
import { CHROMIUM_ARGS, findChromium } from './chromium.ts';
import { compressDirectory } from './compress/plugin.ts';
import { createScratchDatabase } from './scratch-database.ts';

const ROWS = 50;
/** How many times slower the phone profile's CPU runs (Chromium's CPU throttling). */
const PHONE_CPU_SLOWDOWN = 4;
const COLLECTION_PAGE = '/demo';
/** Cold loads per page for the list comparison (interleaved floor / panel) and per form. */
const LIST_RUNS = 41;
const FORM_RUNS = 10;
/** Untimed loads first: the server's and the disk's first touches are not what a user waits for. */
const WARM_UPS = 1;
/** No single load may take longer than this; the bench stops with an error instead of hanging. */
const LOAD_TIMEOUT = 30_000;
// The panel keeps the session token in sessionStorage under this key (src/client/core/tokenStore.ts).
const TOKEN_KEY = 'token';
/** What a page writes on its console when it is ready (see coldLoad). */
const READY_MARKER = 'bench-ready';
// The check coldLoad adds to each page, as source text: a function written here would be rewritten by the
// TypeScript runner (helper calls the page does not have).
const READY_CHECK = `function ({ ready, marker }) {
  function isReady() {
    if (ready.kind === 'rows') {
      var rows = document.querySelectorAll('tbody tr');
      // The last row must be a recipient (its e-mail), not a loading or empty-list placeholder.
      return rows.length >= ready.rows && (rows[ready.rows - 1].textContent || '').indexOf('@') !== -1;
    }
    var el = document.querySelector(ready.selector);
    if (!el || !el.checkVisibility()) return false;
    var box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  }
  function check() {
    if (isReady()) console.debug(marker + ' ' + performance.now());
    else requestAnimationFrame(check);
  }
  requestAnimationFrame(check);
}`;

// The file itself: the static files plugin serves no directory index below the root (there, / is a client route).
const FLOOR_PATH = '/bench-floor/index.html';
const PANEL_LIST_PATH = `/panel/recipients?limit=${ROWS}`;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

function build(args: string[], what: string, root: string) {
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'error', '--emptyOutDir', ...args], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${what} build failed`);
}

interface Stats {
  min: number;
  median: number;
  max: number;
}

function stats(times: number[]): Stats {
  const s = [...times].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return { min: s[0], median: s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2, max: s[s.length - 1] };
}

const ms = (n: number) => `${Math.round(n)} ms`;

type Ready = { kind: 'rows'; rows: number } | { kind: 'visible'; selector: string };

/**
 * One cold load: a fresh context (empty cache, empty storage), the token put into sessionStorage before the
 * page's own scripts run, and the time from navigation start until the page is ready, read inside the page
 * (performance.now() counts from the navigation's start). Checked on every animation frame, so the figure is
 * the first frame in which the rows or the form are there.
 */
async function coldLoad(browser: Browser, url: string, token: string | null, ready: Ready, phone = false): Promise<{ ms: number; title: string; pathname: string }> {
  // The phone profile: a 360 px wide touch screen at twice the pixel density, its CPU slowed down four times.
  const context = await browser.newContext(
    phone ? { locale: 'pl-PL', viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } : { locale: 'en-GB', viewport: { width: 1280, height: 800 } },
  );
  try {
    if (token) {
      await context.addInitScript(
        ({ key, value }) => {
          try {
            sessionStorage.setItem(key, value);
          } catch {
            // about:blank has no storage; the target page does.
          }
        },
        { key: TOKEN_KEY, value: token },
      );
    }
    // The page watches for itself, from a script added before its own: on every animation frame it checks whether it
    // is ready, and says so on the console with the time (performance.now() counts from the navigation's start). So
    // nothing is evaluated in the page while it loads; a check sent from here would run the driver's own helper
    // script (a few hundred KiB) on the page's main thread in the middle of its start-up.
    await context.addInitScript({ content: `(${READY_CHECK})(${JSON.stringify({ ready, marker: READY_MARKER })});` });
    const page = await context.newPage();
    if (process.env.BENCH_DEBUG) {
      // What a page that never gets ready printed, threw or was refused.
      page.on('console', (message) => console.log('console:', message.type(), message.text().slice(0, 200)));
      page.on('pageerror', (error) => console.log('page error:', error.message));
      page.on('response', (response) => response.status() >= 400 && console.log('response:', response.status(), response.url()));
    }
    if (phone) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
    const readyMessage = page.waitForEvent('console', { predicate: (message) => message.text().startsWith(READY_MARKER), timeout: LOAD_TIMEOUT });
    await page.goto(url, { waitUntil: 'commit', timeout: LOAD_TIMEOUT });
    const message = await readyMessage.catch(async (e: unknown) => {
      // Say what the page showed instead: a wrong address or a failed request is then plain to see.
      const shown = await page.evaluate(() => `${location.href} "${document.title}": ${(document.body?.innerText ?? '').slice(0, 300)}`).catch(() => '?');
      throw new Error(`${url}: not ready within ${LOAD_TIMEOUT} ms; the page showed ${shown}`, { cause: e });
    });
    const time = Number(message.text().slice(READY_MARKER.length + 1));
    return { ms: time, title: await page.title(), pathname: new URL(page.url()).pathname };
  } finally {
    await context.close();
  }
}

export async function browserBench(root: string) {
  const found = findChromium();
  if (!found) {
    console.log('\nBrowser part skipped: no Chromium found (set CHROMIUM_PATH or install chromium).');
    return;
  }
  mkdirSync(path.join(root, '.tmp'), { recursive: true });
  const dir = mkdtempSync(path.join(root, '.tmp', 'bench-browser-'));
  const clientDir = path.join(dir, 'client');
  const floorDir = path.join(clientDir, 'bench-floor');
  let dropPg: (() => Promise<void>) | null = null;
  let browser: Browser | null = null;
  try {
    build(['--outDir', clientDir], 'client', root);
    // Inside the panel's build directory: the server's own static files plugin serves the floor, with the
    // headers (caching, compression) it gives the panel.
    build(['--config', 'tools/bench-floor/vite.config.ts', '--outDir', floorDir], 'floor page', root);
    // The floor's files get the compressed copies the panel's build step gives the panel's, so both travel alike.
    compressDirectory(floorDir);
    const floorJs = filesUnder(floorDir)
      .filter((f) => f.endsWith('.js'))
      .reduce((sum, f) => sum + gzipSync(readFileSync(f)).length, 0);

    let databaseUrl: string | undefined;
    if (process.env.DATABASE_URL) {
      const scratch = await createScratchDatabase(process.env.DATABASE_URL, 'bench_browser');
      databaseUrl = scratch.url;
      dropPg = scratch.drop;
    }
    const password = process.env.DEMO_PASSWORD || 'Demo123!';
    const database = await openDatabase({ databaseUrl, dataDir: databaseUrl ? undefined : path.join(dir, 'db') });
    try {
      await migrate(database);
      await seedDemo(database.db, password);
      const config = loadConfig({
        DATA_DIR: dir,
        LOG_LEVEL: 'silent',
        DEVICE_AUTHORIZATION: 'false',
        OUTBOX_FILE: 'off',
        HOST: '127.0.0.1',
        CLIENT_DIR: clientDir,
        DEMO_PASSWORD: password,
      });
      const { app } = await buildApp({ config, database, printMessages: false, logger: false });
      try {
        // Port 0: a free port, on the loopback interface only.
        await app.listen({ host: '127.0.0.1', port: 0 });
        const address = app.server.address();
        if (!address || typeof address === 'string') throw new Error('no server address');
        const base = `http://127.0.0.1:${address.port}`;

        const login = await fetch(`${base}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ login: 'admin', password }),
        });
        const token = ((await login.json()) as { token?: string }).token;
        if (!login.ok || !token) throw new Error(`login failed: ${login.status}`);
        const list = await fetch(`${base}/api/payout/recipient?page=1&limit=${ROWS}`, { headers: { authorization: `Bearer ${token}` } });
        const { items } = (await list.json()) as { items: unknown[] };
        if (items.length < ROWS) throw new Error(`the demo customer has ${items.length} recipients, the bench needs ${ROWS}`);

        browser = await chromium.launch({ ...found, args: CHROMIUM_ARGS, headless: true });
        const version = browser.version();

        const floorReady: Ready = { kind: 'rows', rows: ROWS };
        const loadFloor = () => coldLoad(browser!, base + FLOOR_PATH, token, floorReady);
        const loadPanel = () => coldLoad(browser!, base + PANEL_LIST_PATH, token, floorReady);
        for (let i = 0; i < WARM_UPS; i++) {
          // The warm-ups also check that each address shows what it should (and not, say, the panel's shell).
          const f = await loadFloor();
          if (f.title !== 'Bench floor') throw new Error(`${FLOOR_PATH} did not serve the floor page (title "${f.title}")`);
          const p = await loadPanel();
          if (p.pathname !== '/panel/recipients') throw new Error(`the panel list ended on ${p.pathname}`);
        }
        const floorTimes: number[] = [];
        const panelTimes: number[] = [];
        for (let i = 0; i < LIST_RUNS; i++) {
          // Alternating which goes first, so neither always follows the other's clean-up.
          if (i % 2 === 0) {
            floorTimes.push((await loadFloor()).ms);
            panelTimes.push((await loadPanel()).ms);
          } else {
            panelTimes.push((await loadPanel()).ms);
            floorTimes.push((await loadFloor()).ms);
          }
        }

        const forms: { route: string; when: string; url: string; token: string | null; ready: Ready; path: string }[] = [
          {
            route: '/panel (login)',
            when: 'the submit button is visible',
            url: '/panel',
            token: null,
            ready: { kind: 'visible', selector: 'main form button[type="submit"]' },
            path: '/panel',
          },
          {
            route: '/panel/recipients/create (form)',
            when: 'the form\'s first input is visible',
            url: '/panel/recipients/create',
            token,
            ready: { kind: 'visible', selector: 'main form input:not([type="hidden"])' },
            path: '/panel/recipients/create',
          },
        ];
        const formTimes = new Map<string, number[]>(forms.map((f) => [f.route, []]));
        // The public collection page, as a recipient opens it from an SMS: a phone, no session.
        const phoneReady: Ready = { kind: 'visible', selector: 'main form input[type="tel"]' };
        const loadCollection = () => coldLoad(browser!, base + COLLECTION_PAGE, null, phoneReady, true);
        const collectionTimes: number[] = [];
        for (const f of forms) {
          for (let i = 0; i < WARM_UPS; i++) {
            const r = await coldLoad(browser, base + f.url, f.token, f.ready);
            if (r.pathname !== f.path) throw new Error(`${f.url} ended on ${r.pathname}`);
          }
        }
        // Interleaved too: a burst of one page's loads would share one stretch of the machine's load.
        for (let i = 0; i < WARM_UPS; i++) {
          const r = await loadCollection();
          if (r.pathname !== COLLECTION_PAGE || !/wypłat/.test(r.title)) throw new Error(`${COLLECTION_PAGE} did not show the collection page (title "${r.title}")`);
        }
        for (let i = 0; i < FORM_RUNS; i++) {
          for (const f of forms) formTimes.get(f.route)!.push((await coldLoad(browser, base + f.url, f.token, f.ready)).ms);
          collectionTimes.push((await loadCollection()).ms);
        }

        const floor = stats(floorTimes);
        const panel = stats(panelTimes);
        console.log(
          `\nFirst ${ROWS} rows, cold loads in Chromium ${version} (fresh context each: empty cache; ${LIST_RUNS} runs each, interleaved, after ${WARM_UPS} warm-up; navigation start to the first frame with row ${ROWS} in the DOM):\n`,
        );
        console.log('| page | min | median | max |');
        console.log('|---|---|---|---|');
        console.log(`| floor: react + react-dom, one fetch, a plain table (${(floorJs / 1024).toFixed(1)} KiB gzip JS) | ${ms(floor.min)} | ${ms(floor.median)} | ${ms(floor.max)} |`);
        console.log(`| panel: ${PANEL_LIST_PATH} | ${ms(panel.min)} | ${ms(panel.median)} | ${ms(panel.max)} |`);
        console.log(`\nPanel / floor, ratio of medians: ${(panel.median / floor.median).toFixed(2)}x (budget: 1.5x)`);

        console.log(`\nForms, cold loads (${FORM_RUNS} runs each, interleaved, after ${WARM_UPS} warm-up; navigation start to the first frame in which):\n`);
        console.log('| route | ready when | min | median | max |');
        console.log('|---|---|---|---|---|');
        for (const f of forms) {
          const s = stats(formTimes.get(f.route)!);
          console.log(`| ${f.route} | ${f.when} | ${ms(s.min)} | ${ms(s.median)} | ${ms(s.max)} |`);
        }
        const c = stats(collectionTimes);
        console.log(
          `\nThe collection page on a phone profile (360 px wide touch screen, Polish, CPU ${PHONE_CPU_SLOWDOWN}x slower; ${FORM_RUNS} runs, cold; navigation start to the first frame with the phone-number field):\n`,
        );
        console.log('| page | min | median | max |');
        console.log('|---|---|---|---|');
        console.log(`| ${COLLECTION_PAGE} | ${ms(c.min)} | ${ms(c.median)} | ${ms(c.max)} |`);
      } finally {
        // The browser first: its open connections would otherwise keep the server's close waiting.
        await browser?.close();
        await app.close();
      }
    } finally {
      await database.close();
    }
  } finally {
    // Closing an already closed browser does nothing; this one is for a failure before the server started.
    await browser?.close();
    await dropPg?.();
    if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  }
}
