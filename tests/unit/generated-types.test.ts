// The TypeScript types generated from the JSON Schemas (`npm run generate`): what they say, and validate's report of
// a generated file that no longer matches its schemas.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FORMS_TYPES_FILE, SCREENS_TYPES_FILE, generateTypes } from '../../tools/generated-types/generate.ts';
import { checkGenerated } from '../../tools/validate/checkGenerated.ts';
import { checkConfiguration, formatProblem } from '../../tools/validate/index.ts';

const repo = path.resolve(import.meta.dirname, '../..');
/** The configuration and the generated files: what validate reads here (package.json marks the project's root). */
const COPIED = ['package.json', 'screens.json', 'schemas', 'locales', 'src/client/renderer/widgets/names.json', 'src/client/renderer/form/fieldNames.json', 'src/client/pages/names.json', FORMS_TYPES_FILE, SCREENS_TYPES_FILE];
const FORM = 'schemas/forms/payout-status.json';
const GENERATED = [FORMS_TYPES_FILE, SCREENS_TYPES_FILE];

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

function copyOfRepo(items = COPIED): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'generated-types-'));
  made.push(root);
  for (const item of items) fs.cpSync(path.join(repo, item), path.join(root, item), { recursive: true });
  return root;
}

type Json = any;

function edit(root: string, file: string, change: (value: Json) => void): void {
  const value = JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
  change(value);
  fs.writeFileSync(path.join(root, file), JSON.stringify(value, null, 2));
}

/** validate's lines about the generated files, as `npm run validate` prints them. */
async function reported(root: string): Promise<string[]> {
  const { project, problems } = checkConfiguration(root);
  return (await checkGenerated(project, problems)).map(formatProblem);
}

/** The generated files of a root's schemas, by path. */
async function generatedOf(root: string): Promise<Map<string, string>> {
  const { project } = checkConfiguration(root);
  const files = await generateTypes(project.schemaFiles, project.schemaPaths);
  return new Map(files.map((f) => [f.file, f.result.ok ? f.result.text : `not generated: ${f.result.reason}`]));
}

describe('the generated files in the repository', () => {
  it('are what npm run generate writes from the schemas', async () => {
    expect(await reported(repo)).toEqual([]);
  });
});

describe('a generated file that differs from its schemas', () => {
  it('is stale after a form schema changed, and the other file is not', async () => {
    const root = copyOfRepo();
    edit(root, FORM, (doc) => (doc.properties.note = { type: 'string', maxLength: 200 }));
    expect(await reported(root)).toEqual([`${FORMS_TYPES_FILE}: /: stale: run npm run generate`]);
  });

  it('is stale after screens.schema.json changed', async () => {
    const root = copyOfRepo();
    edit(root, 'schemas/screens.schema.json', (doc) => doc.definitions.column.properties.format.enum.push('percent'));
    expect(await reported(root)).toEqual([`${SCREENS_TYPES_FILE}: /: stale: run npm run generate`]);
  });

  it('is stale when it was edited by hand', async () => {
    const root = copyOfRepo();
    fs.appendFileSync(path.join(root, SCREENS_TYPES_FILE), '\nexport type Extra = string;\n');
    expect(await reported(root)).toEqual([`${SCREENS_TYPES_FILE}: /: stale: run npm run generate`]);
  });

  it('is reported as missing when it was deleted', async () => {
    const root = copyOfRepo();
    fs.rmSync(path.join(root, FORMS_TYPES_FILE));
    expect(await reported(root)).toEqual([`${FORMS_TYPES_FILE}: /: missing: run npm run generate`]);
  });

  it('is fresh again once regenerated', async () => {
    const root = copyOfRepo();
    edit(root, FORM, (doc) => (doc.properties.note = { type: 'string' }));
    const generated = await generatedOf(root);
    fs.writeFileSync(path.join(root, FORMS_TYPES_FILE), generated.get(FORMS_TYPES_FILE)!);
    expect(await reported(root)).toEqual([]);
    expect(generated.get(FORMS_TYPES_FILE)).toMatch(/export interface PayoutStatusForm \{[^}]*\n  note\?: string;\n/);
  });
});

describe('a generated file left alone', () => {
  it('when a schema it is made of has a problem of its own, which validate reports instead', async () => {
    const root = copyOfRepo();
    const text = fs.readFileSync(path.join(root, FORM), 'utf8').replace(/\n}\s*$/, ',\n}');
    fs.writeFileSync(path.join(root, FORM), text);
    const { problems } = checkConfiguration(root);
    expect(problems.map((p) => p.file)).toContain(FORM);
    expect(await reported(root)).toEqual([]);
  });

  it('in a copy of the configuration without the code', async () => {
    const root = copyOfRepo(COPIED.filter((item) => item !== 'package.json' && !GENERATED.includes(item)));
    edit(root, FORM, (doc) => (doc.properties.note = { type: 'string' }));
    expect(await reported(root)).toEqual([]);
  });
});

describe('the generated types', () => {
  it('name each form after its file, take no i18n title or help key, and ignore the project keywords', async () => {
    const forms = (await generatedOf(repo)).get(FORMS_TYPES_FILE)!;
    expect(forms.startsWith('// generated by npm run generate from schemas/forms/*.json; do not edit.\n')).toBe(true);
    expect(forms).toMatch(/export interface AccountTopUpForm \{\n  accountId: number;\n  amount: number;\n  reference: string;\n  verificationCode\?: string;\n\}/);
    expect(forms).toMatch(/export interface PayoutStatusForm \{\n  status: 'TO_COLLECT' \| 'SUSPENDED' \| 'CANCELLED';/);
    expect(forms).not.toMatch(/entities:|Entities/);
    expect(forms).not.toMatch(/\*.*help/i);
  });

  it('inline a $ref to another schema file, with the $refs inside that file', async () => {
    const root = copyOfRepo();
    const write = (file: string, value: Json) => fs.writeFileSync(path.join(root, file), JSON.stringify(value, null, 2));
    write('schemas/entities/fixture-money.json', {
      $schema: 'http://json-schema.org/draft-07/schema#',
      definitions: {
        amount: { type: 'integer', minimum: 1 },
        money: { type: 'object', required: ['amount', 'currency'], additionalProperties: false, properties: { amount: { $ref: '#/definitions/amount' }, currency: { type: 'string' } } },
      },
    });
    write('schemas/forms/fixture-price.json', {
      $schema: 'http://json-schema.org/draft-07/schema#',
      title: 'entities:fixture.form',
      type: 'object',
      required: ['price'],
      additionalProperties: false,
      properties: { price: { $ref: '../entities/fixture-money.json#/definitions/money' }, status: { $ref: '../entities/payout.json#/properties/status' } },
    });
    const forms = (await generatedOf(root)).get(FORMS_TYPES_FILE)!;
    expect(forms).toContain(
      [
        'export interface FixturePriceForm {',
        '  price: {',
        '    amount: number;',
        '    currency: string;',
        '  };',
        "  status?:",
        "    | 'TO_APPROVE'",
      ].join('\n'),
    );
    const { project, problems } = checkConfiguration(root);
    const [formsFile] = await generateTypes(project.schemaFiles, project.schemaPaths);
    expect(formsFile.sources).toEqual(expect.arrayContaining(['schemas/entities/fixture-money.json', 'schemas/entities/payout.json', 'schemas/forms/fixture-price.json']));
    // the sources decide what is left alone: a problem in the entity holds the forms' file back too
    expect(await checkGenerated(project, [...problems, { file: 'schemas/entities/fixture-money.json', path: '', message: 'broken' }])).toEqual([]);
  });

  it('give the screens as a union over their kind, as the schema says it with if/then', async () => {
    const screens = (await generatedOf(repo)).get(SCREENS_TYPES_FILE)!;
    expect(screens).toContain('export type Screen = CustomScreen | TableScreen | FormScreen | DetailsScreen | ImportScreen | DashboardScreen;');
    expect(screens).toMatch(/export interface TableScreen \{[^}]*\n  kind: 'table';/);
    // `record` would hide TypeScript's Record in the file and its importers
    expect(screens).toContain('export interface RecordDescriptor {');
    expect(screens).not.toMatch(/interface Record \{/);
  });

  it('do not depend on the order the schema files are read in', async () => {
    const { project } = checkConfiguration(repo);
    const reversed = new Map([...project.schemaFiles].reverse());
    const texts = async (files: Map<string, unknown>, paths: string[]) => (await generateTypes(files, paths)).map((f) => f.result);
    expect(await texts(reversed, [...project.schemaPaths].reverse())).toEqual(await texts(project.schemaFiles, [...project.schemaPaths]));
  });
});

describe('npm run validate', { timeout: 180_000 }, () => {
  it('prints a stale file as `file: path: problem` and exits 1', () => {
    const root = copyOfRepo();
    edit(root, FORM, (doc) => (doc.properties.note = { type: 'string' }));
    const tsx = path.join(repo, 'node_modules/.bin/tsx');
    const result = spawnSync(tsx, ['tools/validate.ts', '--root', root], { cwd: repo, encoding: 'utf8', timeout: 170_000 });
    expect(result.stdout.split('\n')).toContain(`${FORMS_TYPES_FILE}: /: stale: run npm run generate`);
    expect(result.status).toBe(1);
  });
});
