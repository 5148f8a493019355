// Imports run one way (DESIGN.md): client -> shared and server -> shared, never between client and
// server; shared imports neither; inside the client, renderer and ui never import pages, and core
// never imports renderer or pages; inside the server, the toolkit never imports an area, and plugins
// and the platform import neither areas nor the toolkit. This test reads every import of src/ and names each one that breaks a rule.
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
  // The toolkit serves every area and knows none; plugins sit beneath both.
  { from: 'server/toolkit/', mayNot: ['server/areas/'] },
  { from: 'server/plugins/', mayNot: ['server/areas/', 'server/toolkit/'] },
  // The platform (outbox, transports, settings, codes, sessions) is what areas stand on, and knows none of them.
  { from: 'server/platform/', mayNot: ['server/areas/', 'server/toolkit/'] },
  { from: 'client/renderer/', mayNot: ['client/pages/'] },
  { from: 'client/ui/', mayNot: ['client/pages/', 'client/renderer/'] },
  { from: 'client/core/', mayNot: ['client/renderer/', 'client/pages/', 'client/collection/'] },
  // The collection page is its own bundle (collect.html): it shares core, ui and shared modules with the panel and
  // nothing more, and the panel never imports it.
  { from: 'client/collection/', mayNot: ['client/renderer/', 'client/pages/'] },
  { from: 'client/renderer/', mayNot: ['client/collection/'] },
  { from: 'client/ui/', mayNot: ['client/collection/'] },
  { from: 'client/pages/', mayNot: ['client/collection/'] },
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

// The entry (src/client/main.ts) starts the first screen's code, texts and data before React has loaded, so
// nothing it imports may need React, its router or its query cache: such an import would put them back in front.
const STATIC_IMPORT = /^\s*(import|export)\s+(?!type\b)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

function staticImportsOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)].map((m) => m[2]);
}

describe('the start-up code', () => {
  const entry = path.join(SRC, 'client/main.ts');

  function closure(start = entry): { files: Set<string>; packages: Map<string, string> } {
    const files = new Set<string>();
    const packages = new Map<string, string>();
    const visit = (file: string) => {
      if (files.has(file)) return;
      files.add(file);
      for (const spec of staticImportsOf(file)) {
        if (spec.startsWith('.')) {
          const target = path.resolve(path.dirname(file), spec);
          if (/\.(ts|tsx)$/.test(target)) visit(target);
        } else if (!packages.has(spec)) packages.set(spec, path.relative(SRC, file));
      }
    };
    visit(start);
    return { files, packages };
  }

  it('is read from the source (the entry reaches the start-up modules)', () => {
    const { files } = closure();
    expect([...files].map((f) => path.relative(SRC, f))).toEqual(expect.arrayContaining(['client/main.ts', 'client/preload.ts', 'client/core/boot.ts']));
  });

  it('imports no React, router or query cache, statically', () => {
    const { packages } = closure();
    // i18next itself needs no React: the entry loads the first screen's texts with it (react-i18next comes with React).
    const heavy = [...packages].filter(([spec]) => /^(react|react-dom|@tanstack|@rjsf|ajv|libphonenumber-js|react-router|react-i18next)(\/|$)/.test(spec));
    expect(heavy.map(([spec, from]) => `src/${from} imports ${spec}`)).toEqual([]);
  });

  // The public collection page loads on phones: React and its own code only before the phone-number step.
  it("keeps the collection page's entry to React and its own code, statically", () => {
    const page = closure(path.join(SRC, 'client/collection/main.tsx'));
    const panelFiles = [...page.files].map((f) => path.relative(SRC, f)).filter((f) => /^client\/(?:renderer|pages|start|router|App)/.test(f));
    expect(panelFiles).toEqual([]);
    const heavy = [...page.packages].filter(([spec]) => /^(@tanstack|@rjsf|ajv|libphonenumber-js|xlsx)(\/|$)/.test(spec));
    expect(heavy.map(([spec, from]) => `src/${from} imports ${spec}`)).toEqual([]);
    expect([...page.packages.keys()]).toEqual(expect.arrayContaining(['react', 'react-dom/client']));
  });
});
