// package.json promises Node >= 20.19: every installed package must accept that version, or the
// promise is false (npm only warns). Also: the browser the tests need is found or explained.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findChromium, ensureChromium } from '../../tools/chromium.ts';

type Version = [number, number, number];

const parse = (v: string): Version => {
  const [a = 0, b = 0, c = 0] = v.replace(/^[v=]+/, '').split('.').map((x) => (/^\d+$/.test(x) ? Number(x) : 0));
  return [a, b, c];
};
const cmp = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Whether a version satisfies an engines range of the forms npm packages use (>=, >, <, <=, ^, ~, x, ||, spaces). */
function satisfies(version: string, range: string): boolean {
  const v = parse(version);
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/(>=|<=|>|<|=)\s+/g, '$1')
      .split(/\s+/)
      .filter((c) => c && c !== '*' && c !== 'x')
      .every((comparator) => {
        const m = /^(>=|<=|>|<|\^|~|=)?(.+)$/.exec(comparator)!;
        const [op = '=', raw] = [m[1], m[2]];
        const parts = raw.replace(/^v/, '').split('.');
        const bound = parse(raw);
        const c = cmp(v, bound);
        if (op === '>=') return c >= 0;
        if (op === '>') return c > 0;
        if (op === '<=') return c <= 0;
        if (op === '<') return c < 0;
        if (op === '^') return c >= 0 && v[0] === bound[0];
        if (op === '~') return c >= 0 && v[0] === bound[0] && v[1] === bound[1];
        // "20", "20.x", "20.19": a prefix match
        return parts.every((p, i) => p === 'x' || p === '*' || Number(p) === v[i]);
      }),
  );
}

describe('Node version', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
  const minimum = /^>=(\d+\.\d+(?:\.\d+)?)$/.exec(pkg.engines.node)?.[1];

  it('is stated as a plain minimum', () => {
    expect(minimum).toBeTruthy();
  });

  it('is accepted by every installed package', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }> };
    const refusing = Object.entries(lock.packages)
      .filter(([name, p]) => name && p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !satisfies(minimum!, (p.engines as { node: string }).node))
      .map(([name, p]) => `${name.replace(/^.*node_modules\//, '')} wants node ${(p.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });

  it('reads the ranges packages use', () => {
    expect(satisfies('20.19.0', '>=18')).toBe(true);
    expect(satisfies('20.19.0', '>=22')).toBe(false);
    expect(satisfies('20.19.0', '^20.19.0 || >=22.12.0')).toBe(true);
    expect(satisfies('20.18.0', '^20.19.0 || >=22.12.0')).toBe(false);
    expect(satisfies('20.19.0', '>= 14.0.0')).toBe(true);
    expect(satisfies('20.19.0', '18 || 20 || >=22')).toBe(true);
    expect(satisfies('20.19.0', '>=12 <20')).toBe(false);
  });
});

describe('the browser for the tests', () => {
  it('is found, or explained without an install attempt when CHROMIUM_PATH names a missing file', () => {
    const saved = process.env.CHROMIUM_PATH;
    try {
      process.env.CHROMIUM_PATH = '/nonexistent/chromium';
      const lines: string[] = [];
      expect(findChromium()).toBeUndefined();
      expect(ensureChromium((l) => lines.push(l))).toBe(false);
      expect(lines).toEqual([]);
      process.env.CHROMIUM_PATH = process.execPath;
      expect(findChromium()).toEqual({ executablePath: process.execPath });
    } finally {
      if (saved === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = saved;
    }
  });
});
