// The weight each design-card package adds to each route's start-up JavaScript (`npm run bench -- bundle`): every
// output file's gzip size shared out among its modules by their code's length (tools/bundle-weights/plugin.ts), and
// each package's modules counted with the card package that brings it in (its dependencies, read from
// node_modules). An estimate: gzip does not compress every module alike; the files' totals are exact.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { packageOf, type ModuleWeights } from './plugin.ts';

/** The card's browser packages, in the order of the table's columns. react-dom is counted with react. */
const CARD_PACKAGES = [
  'react',
  'react-router-dom',
  '@tanstack/react-query',
  '@tanstack/react-table',
  '@rjsf/core',
  '@rjsf/validator-ajv8',
  'ajv',
  'ajv-formats',
  'i18next',
  'react-i18next',
  'recharts',
  'xlsx',
  'ibantools',
] as const;

// Packages the card package needs beside it as peers (RJSF's utils), or that do part of its job here (the texts' backend).
const ALSO = { react: ['react-dom', 'scheduler'], '@rjsf/core': ['@rjsf/utils'], i18next: ['i18next-resources-to-backend'] } as Record<string, string[]>;

/**
 * The card package each package is counted with: itself, or the one card package that brings it in through its
 * dependencies (read from node_modules); one that several bring in is counted as 'shared'.
 */
function ownerOfPackages(root: string): Map<string, string> {
  const dependenciesOf = (name: string): string[] => {
    const manifest = path.join(root, 'node_modules', name, 'package.json');
    if (!existsSync(manifest)) return [];
    return Object.keys((JSON.parse(readFileSync(manifest, 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {});
  };
  const cardNames = new Map<string, string>();
  for (const card of CARD_PACKAGES) for (const name of [card, ...(ALSO[card] ?? [])]) cardNames.set(name, card);
  const owner = new Map(cardNames);
  for (const card of CARD_PACKAGES) {
    const seen = new Set<string>();
    const visit = (name: string) => {
      for (const dependency of dependenciesOf(name)) {
        // Another card package stays in its own column.
        if (seen.has(dependency) || cardNames.has(dependency)) continue;
        seen.add(dependency);
        visit(dependency);
      }
    };
    for (const name of [card, ...(ALSO[card] ?? [])]) visit(name);
    for (const name of seen) owner.set(name, owner.has(name) && owner.get(name) !== card ? 'shared' : card);
  }
  return owner;
}

/** Per route: gzip bytes by card package ('other packages' and 'project' for the rest). */
export function cardWeights(root: string, weightsFile: string, routeFiles: Map<string, Set<string>>, gz: (file: string) => number): Map<string, Map<string, number>> {
  const weights = JSON.parse(readFileSync(weightsFile, 'utf8')) as ModuleWeights;
  const owner = ownerOfPackages(root);
  const byFile = new Map<string, Map<string, number>>();
  for (const [file, modules] of Object.entries(weights)) {
    const lengths = new Map<string, number>();
    let total = 0;
    for (const [id, length] of Object.entries(modules)) {
      const pkg = packageOf(id);
      const group = pkg === null ? 'project' : (owner.get(pkg) ?? `other:${pkg}`);
      lengths.set(group, (lengths.get(group) ?? 0) + length);
      total += length;
    }
    if (total === 0) continue;
    const size = gz(`assets/${path.basename(file)}`);
    byFile.set(`assets/${path.basename(file)}`, new Map([...lengths].map(([group, length]) => [group, (size * length) / total])));
  }
  const result = new Map<string, Map<string, number>>();
  for (const [route, files] of routeFiles) {
    const sums = new Map<string, number>();
    for (const file of files) for (const [group, bytes] of byFile.get(file) ?? []) sums.set(group, (sums.get(group) ?? 0) + bytes);
    result.set(route, sums);
  }
  return result;
}

/** Prints the table: one row per route, one column per card package present on any route. */
export function printCardWeights(table: Map<string, Map<string, number>>, kib: (bytes: number) => string): void {
  // Packages outside the card (libphonenumber-js, ...) in one column, named below the table.
  const others = new Map<string, number>();
  for (const sums of table.values()) {
    let rest = 0;
    for (const [group, bytes] of sums) {
      if (!group.startsWith('other:')) continue;
      rest += bytes;
      others.set(group.slice(6), Math.max(others.get(group.slice(6)) ?? 0, bytes));
    }
    sums.set('other packages', rest);
  }
  const columns = [...CARD_PACKAGES, 'shared', 'other packages', 'project'].filter((group) => [...table.values()].some((sums) => (sums.get(group) ?? 0) >= 51));
  console.log('\nWhat each design-card package weighs on each route (gzip, estimated: each file shared out by its modules\' code):\n');
  console.log(`| route | ${columns.join(' | ')} |`);
  console.log(`|---|${columns.map(() => '---').join('|')}|`);
  for (const [route, sums] of table) console.log(`| ${route} | ${columns.map((group) => ((sums.get(group) ?? 0) >= 51 ? kib(sums.get(group)!) : '—')).join(' | ')} |`);
  const named = [...others].filter(([, bytes]) => bytes >= 51).sort((a, b) => b[1] - a[1]);
  if (named.length) console.log(`\nOther packages (most on one route): ${named.map(([name, bytes]) => `${name} ${kib(bytes)}`).join(', ')}.`);
}
