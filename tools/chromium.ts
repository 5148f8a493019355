// Finds the Chromium the browser tests use, and on a fresh Debian machine installs it: `npm test`
// promises to set everything up, and Playwright's own browser download does not work everywhere.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

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
];

/** The browser to launch: CHROMIUM_PATH, Debian's package, or Playwright's own; undefined when there is none. */
export function findChromium(): { executablePath?: string } | undefined {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) return existsSync(chosen) ? { executablePath: chosen } : undefined;
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

/** Installs Debian's chromium when no browser is found and this machine can (root with apt-get). True when one is there. */
export function ensureChromium(log: (line: string) => void = console.log): boolean {
  if (findChromium()) return true;
  if (!canInstall()) return false;
  log('No Chromium found for the browser tests: installing Debian\'s "chromium" package (apt-get)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = update.status === 0 && spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env });
  if (!install || install.status !== 0) log('Installing chromium failed; see the messages above.');
  return Boolean(findChromium());
}
