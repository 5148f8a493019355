// The browser's quick check of a spreadsheet (src/client/renderer/import/browserCheck.ts), with the recipients
// import's own descriptor and form schema and a validator compiled from that schema as the build precompiles it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkSheet } from '../../src/client/renderer/import/browserCheck.ts';
import type { ImportSpec, SheetRow } from '../../src/shared/importTable.ts';
import { createAjv } from '../../src/shared/validation/ajv.ts';

const descriptor = JSON.parse(readFileSync('schemas/imports/recipient.json', 'utf8'));
const form = JSON.parse(readFileSync(descriptor.form, 'utf8'));
const spec: ImportSpec = { descriptor, form };
const validate = createAjv({ removeAdditional: true }).compile(form);
const en = JSON.parse(readFileSync('locales/en/entities.json', 'utf8')) as Record<string, Record<string, string>>;
const titles = (key: string) => {
  const [ns, rest] = key.split(':');
  const [group, name] = rest.split('.');
  return ns === 'entities' ? (en[group]?.[name] ?? key) : key;
};
const sheet = (...rows: SheetRow['cells'][]): SheetRow[] => rows.map((cells, i) => ({ row: i + 1, cells }));

describe('the browser’s check of an import file', () => {
  it('tells each row’s problems by the file’s header, a number twice where the number is otherwise right, in file order', () => {
    const progress: number[] = [];
    const check = checkSheet(
      spec,
      sheet(
        ['Phone number *', 'First name *', 'Last name *', 'E-mail'],
        ['+48 601 000 001', 'Anna', 'Nowak', 'not-an-email'],
        ['+48601000001', 'Jan', 'Kowalski', null],
        ['+48 601 000 003', null, 'Wiśniewska', 'ewa@example.com'],
      ),
      titles,
      validate,
      (done) => progress.push(done),
    );
    expect(check).toEqual({
      mapped: true,
      rows: 3,
      numberOfProblems: 3,
      problems: [
        { row: 2, property: 'E-mail', errors: [{ code: 'INVALID_EMAIL', params: expect.any(Object) }] },
        { row: 3, property: 'Phone number *', errors: [{ code: 'DUPLICATE_IN_FILE', params: { row: 2 } }] },
        { row: 4, property: 'First name *', errors: [{ code: 'REQUIRED', params: expect.any(Object) }] },
      ],
    });
    expect(progress.at(-1)).toBe(3);
  });

  it('passes a good file, and leaves one whose headers it cannot place to the server', () => {
    expect(checkSheet(spec, sheet(['Phone number', 'First name', 'Last name'], ['+48 601 000 001', 'Anna', 'Nowak']), titles, validate)).toEqual({ mapped: true, rows: 1, problems: [], numberOfProblems: 0 });
    expect(checkSheet(spec, sheet(['Telefon', 'Imię'], ['+48 601 000 001', 'Anna']), titles, validate)).toEqual({ mapped: false });
  });
});
