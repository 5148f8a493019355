// Imports run one way (DESIGN.md): client -> shared and server -> shared, never between client and
// server; shared imports neither; inside the client, renderer and ui never import pages, and core
// never imports renderer or pages. This test reads every import of src/ and names each one that breaks a rule.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve('src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/** Every relative import of a file, as a path relative to src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)]
    .map((m) => m[1])
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => path.relative(SRC, path.resolve(path.dirname(file), spec)).split(path.sep).join('/'));
}

const RULES: { from: string; mayNot: string[] }[] = [
  { from: 'shared/', mayNot: ['client/', 'server/'] },
  { from: 'client/', mayNot: ['server/'] },
  { from: 'server/', mayNot: ['client/'] },
  { from: 'client/renderer/', mayNot: ['client/pages/'] },
  { from: 'client/ui/', mayNot: ['client/pages/', 'client/renderer/'] },
  { from: 'client/core/', mayNot: ['client/renderer/', 'client/pages/'] },
];

describe('the import graph', () => {
  const files = sourceFiles(SRC);

  it('is read from the source (the test sees imports at all)', () => {
    const edges = files.flatMap((f) => importsOf(f));
    expect(edges.length).toBeGreaterThan(200);
    expect(edges).toContain('shared/money.ts');
  });

  it('runs one way', () => {
    const broken: string[] = [];
    for (const file of files) {
      const from = path.relative(SRC, file).split(path.sep).join('/');
      for (const target of importsOf(file)) {
        for (const rule of RULES) {
          if (from.startsWith(rule.from) && rule.mayNot.some((p) => target.startsWith(p))) broken.push(`src/${from} imports src/${target}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
