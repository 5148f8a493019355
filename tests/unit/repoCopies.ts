// Copies of the repository's files in temporary folders, for the tests of the configuration tools (validate and the
// type generator), which break one thing in a copy and read what the tool reports. Each test file makes its own
// copies with `repoCopies`, removed when the file's tests end.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { runValidate } from '../../tools/validate/cli.ts';

export const repo = path.resolve(import.meta.dirname, '../..');

/** What validate reads of the configuration: screens, schemas, locales and the names the client registers. */
export const CONFIGURATION = ['screens.json', 'schemas', 'locales', 'src/client/renderer/widgets/names.json', 'src/client/renderer/form/fieldNames.json', 'src/client/pages/names.json'];

// Fixtures are plain JSON edited freely by each case.
export type Json = any;

export function repoCopies(prefix: string) {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  });
  const tempDir = (): string => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
    made.push(dir);
    return dir;
  };
  /** A new folder holding the given files and folders of the repository (those that exist). */
  const copyOf = (items: readonly string[] = CONFIGURATION): string => {
    const root = tempDir();
    for (const item of items) {
      const from = path.join(repo, item);
      if (fs.existsSync(from)) fs.cpSync(from, path.join(root, item), { recursive: true });
    }
    return root;
  };
  return { tempDir, copyOf };
}

export function read(root: string, file: string): Json {
  return JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
}

export function write(root: string, file: string, value: Json): void {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), JSON.stringify(value, null, 2));
}

export function edit(root: string, file: string, change: (value: Json) => void): void {
  const value = read(root, file);
  change(value);
  write(root, file, value);
}

/**
 * `npm run validate --root ROOT` run in-process (tools/validate/cli.ts): its exit code and what it printed on each
 * stream. It checks the API calls against this repository's server; a copy's own server needs the command spawned
 * in the copy.
 */
export async function validateCommand(root: string): Promise<{ status: number; stdout: string; stderr: string }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const status = await runValidate(['--root', root], { log: (line) => stdout.push(`${line}\n`), error: (line) => stderr.push(`${line}\n`) });
  return { status, stdout: stdout.join(''), stderr: stderr.join('') };
}
