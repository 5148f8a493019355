// The schema files and precompiled validators a screen loads by path, and where their maps live in the build: a
// chunk of their own, fetched by the first screen that needs a schema, so the login page and the tables start
// without them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadValidators } from '../../src/client/core/precompiledValidators.ts';
import { loadSchemaFile } from '../../src/client/renderer/schemaFiles.ts';
import { generateAll } from '../../tools/validators/generate.ts';
import { clientBuild, type ClientBuild } from './client-build.ts';

const root = path.resolve(import.meta.dirname, '../..');
const onDisk = (repoPath: string) => JSON.parse(readFileSync(path.join(root, repoPath), 'utf8')) as unknown;

describe('a schema file', () => {
  it('loads by its repository path, as the file holds it', async () => {
    expect(await loadSchemaFile('schemas/forms/recipient.json')).toEqual(onDisk('schemas/forms/recipient.json'));
    expect(await loadSchemaFile('schemas/forms/recipient.ui.json')).toEqual(onDisk('schemas/forms/recipient.ui.json'));
  });

  it('that does not exist is refused by name', async () => {
    await expect(loadSchemaFile('schemas/forms/no-such-form.json')).rejects.toThrow('Unknown schema file: schemas/forms/no-such-form.json');
  });
});

describe('the precompiled validators of a schema', () => {
  beforeAll(() => {
    generateAll(root);
  });

  it('load once for every caller and check data', async () => {
    const first = loadValidators('schemas/filters/recipient.json');
    expect(loadValidators('schemas/filters/recipient.json')).toBe(first);
    const validators = await first;
    expect(validators.root({})).toBe(true);
    expect(validators.root({ search: 42 })).toBe(false);
  });

  it('of an unknown schema are refused by name, and asked again on the next call', async () => {
    const first = loadValidators('schemas/forms/no-such-form.json');
    await expect(first).rejects.toThrow('No precompiled validator for schemas/forms/no-such-form.json');
    expect(loadValidators('schemas/forms/no-such-form.json')).not.toBe(first);
    await expect(loadValidators('schemas/forms/no-such-form.json')).rejects.toThrow();
  });
});

describe('the maps of schema files and validators in the client build', () => {
  let build: ClientBuild;
  beforeAll(() => {
    build = clientBuild(root);
  }, 180_000);
  afterAll(() => build?.dispose());

  const code = (file: string) => readFileSync(path.join(build.dir, file), 'utf8');
  // A loader of the schema file map (keyed by the path from core/) and one of the validator index.
  const SCHEMA_MAP_ENTRY = '../../../schemas/forms/recipient.json';
  const VALIDATOR_MAP_ENTRY = /"schemas\/forms\/recipient\.json"\s*:\s*\(\)\s*=>/;

  it('are one chunk, loaded on demand', () => {
    const chunk = build.manifest['src/client/core/lazyFileMaps.ts'];
    expect(chunk?.isDynamicEntry).toBe(true);
    expect(code(chunk.file)).toContain(SCHEMA_MAP_ENTRY);
    expect(code(chunk.file)).toMatch(VALIDATOR_MAP_ENTRY);
  });

  it('stay out of the entry and of what it imports', () => {
    const { manifest } = build;
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
    expect(entry).toBeDefined();
    visit(entry!);
    for (const key of seen) {
      const text = code(manifest[key].file);
      expect(text, manifest[key].file).not.toContain(SCHEMA_MAP_ENTRY);
      expect(text, manifest[key].file).not.toMatch(VALIDATOR_MAP_ENTRY);
    }
  });
});
