// Finds the Chromium the browser tests use, and on a fresh Debian machine installs it: `npm test`
// promises to set everything up, and Playwright's own browser download does not work everywhere.
// The tests prefer Debian's headless shell (the same engine, without the full browser's window machinery, as
// Playwright's own headless browser is): the browser tests took about a quarter less CPU with it (docs/tests.md).
// The browser bench launches the full browser, as people run it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';
/** Debian's `chromium-headless-shell` package: the binary itself (its /usr/bin entry is a shell wrapper). */
const SYSTEM_HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

// Headless Chromium in a closed network: without these flags it keeps trying background connections.
// One list for the browser tests and the browser bench, so both measure the same browser.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // The full browser otherwise prepares a WebUI omnibox popup (a renderer of its own) for a new context's window:
  // a second or more of CPU on every few cold loads, the browser's own work and not the page's, which a user's
  // open window does not repeat (docs/measurements.md, "Cold page loads"). The headless shell has no omnibox.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];

/**
 * The browser to launch: CHROMIUM_PATH, Debian's headless shell (when `headlessShell`, for the tests), Debian's
 * chromium, or Playwright's own; undefined when there is none.
 */
export function findChromium({ headlessShell = false }: { headlessShell?: boolean } = {}): { executablePath?: string } | undefined {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) return existsSync(chosen) ? { executablePath: chosen } : undefined;
  if (headlessShell && existsSync(SYSTEM_HEADLESS_SHELL)) return { executablePath: SYSTEM_HEADLESS_SHELL };
  if (existsSync(SYSTEM_CHROMIUM)) return { executablePath: SYSTEM_CHROMIUM };
  let bundled: string | undefined;
  try {
    bundled = chromium.executablePath();
  } catch {
    bundled = undefined;
  }
  return bundled && existsSync(bundled) ? {} : undefined;
}

const canInstall = () =>
  !process.env.CHROMIUM_PATH && process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;

/**
 * Installs what the browser tests lack of Debian's packages, where this machine can (root with apt-get): chromium when
 * no browser is found, and the headless shell the tests prefer. True when a browser is there.
 */
export function ensureChromium(log: (line: string) => void = console.log): boolean {
  const missing = [
    ...(findChromium() ? [] : ['chromium']),
    ...(process.env.CHROMIUM_PATH || existsSync(SYSTEM_HEADLESS_SHELL) ? [] : ['chromium-headless-shell']),
  ];
  if (!missing.length) return true;
  if (!canInstall()) return Boolean(findChromium());
  const names = missing.map((name) => `"${name}"`).join(' and ');
  log(`Installing Debian's ${names} for the browser tests (apt-get)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = update.status === 0 && spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
  if (!install || install.status !== 0) log(`Installing ${names} failed; see the messages above.`);
  return Boolean(findChromium());
}
