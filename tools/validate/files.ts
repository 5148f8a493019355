// Reading the configuration files of a root directory. Paths given to and returned by these helpers are
// relative to the root and use forward slashes, as they appear in screens.json and in the report.
import fs from 'node:fs';
import path from 'node:path';
import { problem, type Problem } from './problem.ts';

export type ReadResult = { ok: true; value: unknown } | { ok: false; problem: Problem };

export function exists(root: string, rel: string): boolean {
  return fs.existsSync(path.join(root, rel));
}

export function readJson(root: string, rel: string): ReadResult {
  let text: string;
  try {
    text = fs.readFileSync(path.join(root, rel), 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'file does not exist' : `cannot read: ${String(error)}`;
    return { ok: false, problem: problem(rel, '', reason) };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, problem: problem(rel, '', `invalid JSON: ${describeSyntaxError(String((error as Error).message), text)}`) };
  }
}

/** Node reports a character offset; people look for a line and a column. */
function describeSyntaxError(message: string, text: string): string {
  const match = / in JSON at position (\d+)/.exec(message);
  if (!match) return message;
  const offset = Number(match[1]);
  const before = text.slice(0, offset).split('\n');
  const line = before.length;
  const column = before[before.length - 1].length + 1;
  return `${message.replace(/ in JSON at position \d+.*$/, '')} (line ${line}, column ${column})`;
}

/** Every file under dir whose name ends with ext, sorted; [] when dir does not exist. */
export function listFiles(root: string, dir: string, ext: string): string[] {
  const absolute = path.join(root, dir);
  if (!fs.existsSync(absolute)) return [];
  const found: string[] = [];
  for (const entry of fs.readdirSync(absolute, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(ext)) continue;
    const full = path.join(entry.parentPath, entry.name);
    found.push(path.relative(root, full).split(path.sep).join('/'));
  }
  return found.sort();
}

export function listDirectories(root: string, dir: string): string[] {
  const absolute = path.join(root, dir);
  if (!fs.existsSync(absolute)) return [];
  return fs
    .readdirSync(absolute, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}
