// The build step that precompiles browser validators: one module per form and filter schema (ui hints excluded), an
// index of lazy loaders, code free of eval / Function, and in the dev server a schema edit regenerates its validator.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { commonJsToEsm } from '../../tools/validators/commonjs.ts';
import { generateAll, OUT_DIR } from '../../tools/validators/generate.ts';
import { schemaValidators } from '../../tools/validators/plugin.ts';

const repo = path.resolve(import.meta.dirname, '../..');
const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

function copyOfSchemas(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'validators-'));
  made.push(root);
  for (const dir of ['schemas/forms', 'schemas/filters']) fs.cpSync(path.join(repo, dir), path.join(root, dir), { recursive: true });
  return root;
}

const FORBIDDEN = /\bnew\s+Function\b|(?<![\w$.])Function\s*\(|(?<![\w$.])eval\s*\(/;

describe('precompiled validators', () => {
  it('are written for every form and filter schema, with an index of loaders', () => {
    const root = copyOfSchemas();
    const schemas = generateAll(root);
    expect(schemas).toContain('schemas/forms/recipient.json');
    expect(schemas).toContain('schemas/filters/recipient.json');
    expect(schemas.some((s) => s.endsWith('.ui.json'))).toBe(false);
    const out = path.join(root, OUT_DIR);
    const index = fs.readFileSync(path.join(out, 'index.js'), 'utf8');
    expect(index).toContain('"schemas/forms/recipient.json": () => import("./forms-recipient.js")');
    expect(fs.readFileSync(path.join(out, 'index.d.ts'), 'utf8')).toContain('export declare const validators');
    for (const file of fs.readdirSync(out).filter((f) => f.endsWith('.js'))) {
      const code = fs.readFileSync(path.join(out, file), 'utf8');
      expect(code, file).not.toMatch(FORBIDDEN);
    }
    const recipient = fs.readFileSync(path.join(out, 'forms-recipient.js'), 'utf8');
    // ajv's CommonJS output, reaching every format through the one shared module.
    expect(recipient).toMatch(/exports\.root = exports\["[-0-9a-f]+"\];/);
    expect(recipient.match(/function validate10\b/g)).toHaveLength(1);
    expect(recipient).toMatch(/import \* as __dep\d from "\.\.\/\.\.\/\.\.\/shared\/validation\/formats\.ts";/);
    expect(recipient).toContain('require("../../../shared/validation/formats.ts").formats.phone');
  });

  it('drop the validator of a schema that was removed', () => {
    const root = copyOfSchemas();
    generateAll(root);
    fs.rmSync(path.join(root, 'schemas/forms/customer.json'));
    generateAll(root);
    expect(fs.existsSync(path.join(root, OUT_DIR, 'forms-customer.js'))).toBe(false);
    expect(fs.readFileSync(path.join(root, OUT_DIR, 'index.js'), 'utf8')).not.toContain('"schemas/forms/customer.json"');
  });

  it('name the schema when it does not compile', () => {
    const root = copyOfSchemas();
    fs.writeFileSync(path.join(root, 'schemas/forms/broken.json'), JSON.stringify({ type: 'object', properties: { a: { type: 'string', format: 'noSuchFormat' } } }));
    expect(() => generateAll(root)).toThrow(/schemas\/forms\/broken\.json: cannot precompile/);
  });

  it('turn CommonJS requires into imports, serving a CommonJS module the way bundlers and Node both give it', () => {
    const esm = commonJsToEsm('"use strict";exports.root = f;const x = require("a/b").default;function f() { return x; }');
    expect(esm).toContain('import * as __dep0 from "a/b";');
    expect(esm).toContain('export default __module.exports;');
    expect(esm).not.toMatch(FORBIDDEN);
  });
});

describe('in the dev server', () => {
  let server: ViteDevServer | undefined;
  afterAll(async () => {
    await server?.close();
  });

  it('a schema edit regenerates its validator', async () => {
    const root = copyOfSchemas();
    server = await createServer({ root, configFile: false, logLevel: 'silent', plugins: [schemaValidators()], server: { middlewareMode: true, hmr: false, ws: false }, appType: 'custom' });
    await server.pluginContainer.buildStart({});
    // Edits made before the file watcher has scanned the folder would go unseen.
    await new Promise((resolve) => {
      server!.watcher.once('ready', resolve);
      setTimeout(resolve, 1500);
    });
    const file = path.join(root, OUT_DIR, 'forms-restore-request.js');
    const before = fs.readFileSync(file, 'utf8');
    expect(before).not.toContain('"maxLength":42');

    const schemaFile = path.join(root, 'schemas/forms/restore-request.json');
    const schema = JSON.parse(fs.readFileSync(schemaFile, 'utf8'));
    schema.properties.identity.maxLength = 42;
    fs.writeFileSync(schemaFile, JSON.stringify(schema, null, 2));
    await expect.poll(() => fs.readFileSync(file, 'utf8'), { timeout: 10_000 }).toContain('"maxLength":42');

    // A new schema gets its validator and a place in the index.
    fs.writeFileSync(path.join(root, 'schemas/filters/payout.json'), JSON.stringify({ type: 'object', properties: { search: { type: 'string' } } }));
    await expect.poll(() => fs.readFileSync(path.join(root, OUT_DIR, 'index.js'), 'utf8'), { timeout: 10_000 }).toContain('schemas/filters/payout.json');
  });
});
