// The audit log reads like a log: every action the server writes has a label in both languages (validate holds the
// labels to AUDIT_ACTIONS, which writeAudit's type holds the code to), and a `changes` column lists what changed as a
// person reads it, never a secret; validate reports a `changes` column that cannot work.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listChanges } from '../../src/client/renderer/table/changes.ts';
import type { FormatContext } from '../../src/client/renderer/table/format.ts';
import type { Column } from '../../src/client/renderer/descriptors.ts';
import { checkChangesColumns } from '../../tools/validate/checkChangesColumns.ts';
import { checkConstantSets, MIGRATIONS_DIR } from '../../tools/validate/checkConstantSets.ts';
import { formatProblem } from '../../tools/validate/index.ts';
import { loadProject } from '../../tools/validate/project.ts';
import { CONFIGURATION, edit, repo, repoCopies, type Json } from './repoCopies.ts';

const { copyOf } = repoCopies('audit-readable');

/** The audit screen's entry in a copy's screens.json. */
const auditScreen = (screens: Json) => screens.screens.find((s: Json) => s.id === 'audit');

describe('the labels of the audit log', () => {
  it('has, in the repository, a label in both languages for every action, record type and kind of actor', () => {
    const problems = checkConstantSets(loadProject(repo).project).map(formatProblem);
    expect(problems.filter((line) => /AUDIT_ACTIONS|AUDIT_ENTITIES|ACTOR_KINDS/.test(line))).toEqual([]);
  });

  it('reports an action whose nested label one language lacks, and a label of no action', () => {
    const root = copyOf([...CONFIGURATION, MIGRATIONS_DIR]);
    edit(root, 'locales/pl/entities.json', (texts) => {
      delete texts.enums.auditAction.account.transfer;
      texts.enums.auditAction.account.vanish = 'Zniknięcie';
    });
    const problems = checkConstantSets(loadProject(root).project).map(formatProblem);
    expect(problems).toContain('locales/pl/entities.json: /enums/auditAction/account/transfer: missing: the label of "account.transfer", which AUDIT_ACTIONS (src/shared/audit.ts) lists');
    expect(problems).toContain('locales/pl/entities.json: /enums/auditAction/account/vanish: a label of "account.vanish", which AUDIT_ACTIONS (src/shared/audit.ts) does not list: never shown');
  });
});

describe('a changes column in screens.json', () => {
  const report = (root: string) => checkChangesColumns(loadProject(root).project).map(formatProblem);

  it('is accepted as the audit screen has it', () => {
    expect(report(repo)).toEqual([]);
  });

  it('reports a record field that is no record, a placeholder of no field, a prefix of no texts and a missing or stray "changes"', () => {
    const root = copyOf();
    edit(root, 'screens.json', (screens) => {
      const screen = auditScreen(screens);
      const [column] = screen.rowDetails.columns;
      column.changes.before = 'actorLogin';
      column.changes.fieldLabels = ['entities:{nope}', 'entities:audit.nothingHere'];
      screen.rowDetails.columns.push({ field: 'before', title: 'entities:audit.before', format: 'changes' });
      screen.columns[0].changes = { before: 'before' };
    });
    const at = '/screens/' + JSON.parse(fs.readFileSync(path.join(root, 'screens.json'), 'utf8')).screens.findIndex((s: Json) => s.id === 'audit');
    expect(report(root)).toEqual([
      `screens.json: ${at}/columns/0/changes: "changes" is read only by a column of format "changes"; this one's is "dateTime"`,
      `screens.json: ${at}/rowDetails/columns/0/changes/before: "actorLogin" holds no record (an object) to compare`,
      `screens.json: ${at}/rowDetails/columns/0/changes/fieldLabels/0: "{nope}" names no field of the rows; fields: id, createdAt, actorUserId, actorLogin, actorKind, customerId, action, entity, entityId, before, after`,
      `screens.json: ${at}/rowDetails/columns/0/changes/fieldLabels/1: "entities:audit.nothingHere" is no group of texts in locales/en/entities.json: no label is found under it`,
      `screens.json: ${at}/rowDetails/columns/0/changes/fieldLabels/1: "entities:audit.nothingHere" is no group of texts in locales/pl/entities.json: no label is found under it`,
      `screens.json: ${at}/rowDetails/columns/1: a "changes" column needs "changes": { "before": <the row field holding the record before> }`,
    ]);
  });
});

describe('what changed, as the audit screen lists it', () => {
  const texts = (lang: string, ns: string) => JSON.parse(fs.readFileSync(path.join(repo, `locales/${lang}/${ns}.json`), 'utf8'));
  /** The locale's texts as i18next finds them (nested by dots, or a key of its own), with a default value. */
  function translate(lang: string): FormatContext['t'] {
    const namespaces: Record<string, Json> = { entities: texts(lang, 'entities'), pages: texts(lang, 'pages'), table: texts(lang, 'table') };
    return (key, options) => {
      const [ns, keyPath] = key.split(':');
      let node: Json = namespaces[ns];
      const parts = keyPath.split('.');
      for (let i = 0; i < parts.length && node !== undefined; i++) {
        const rest = parts.slice(i).join('.');
        node = typeof node[rest] === 'string' ? node[rest] : node[parts[i]];
        if (typeof node === 'string') break;
      }
      // a plural by the language's rules, as i18next picks it
      if (typeof node !== 'string' && typeof options?.count === 'number') return translate(lang)(`${key}_${new Intl.PluralRules(lang).select(options.count)}`, options);
      if (typeof node !== 'string') return String(options?.defaultValue ?? '');
      return node.replace('{{count}}', String(options?.count ?? ''));
    };
  }
  const column = (screens: Json): Column => auditScreen(screens).rowDetails.columns[0];
  const screens = JSON.parse(fs.readFileSync(path.join(repo, 'screens.json'), 'utf8'));
  const context = (lang: 'en' | 'pl'): FormatContext => ({ t: translate(lang), locale: lang === 'en' ? 'en-GB' : 'pl-PL', timeZone: 'Europe/Warsaw' });

  const transfer = {
    entity: 'account',
    before: { from: { balance: 250_000_000, lockedBalance: 0 }, to: { balance: 0, lockedBalance: 0 } },
    after: { from: { balance: 215_000_000, lockedBalance: 0 }, to: { balance: 35_000_000, lockedBalance: 0 }, title: 'Payroll funding', amount: 35_000_000, currency: 'PLN' },
  };

  it('names each field by its label with the old and the new value, amounts in the currency', () => {
    expect(listChanges(column(screens), transfer, context('en'))).toEqual([
      { label: 'From account › Available funds', before: 'PLN\u00a0250,000.00', value: 'PLN\u00a0215,000.00' },
      { label: 'From account › Blocked funds', value: 'PLN\u00a00.00' },
      { label: 'To account › Available funds', before: 'PLN\u00a00.00', value: 'PLN\u00a035,000.00' },
      { label: 'To account › Blocked funds', value: 'PLN\u00a00.00' },
      { label: 'Title', value: 'Payroll funding' },
      { label: 'Amount', value: 'PLN\u00a035,000.00' },
      { label: 'Currency', value: 'PLN' },
    ]);
    expect(listChanges(column(screens), transfer, context('pl'))[0]).toEqual({ label: 'Z rachunku › Dostępne środki', before: '250\u00a0000,00\u00a0zł', value: '215\u00a0000,00\u00a0zł' });
  });

  it("lists a created record's fields by the record type's labels and statuses by theirs; a secret is named, never shown", () => {
    const created = {
      entity: 'user',
      before: null,
      after: { id: 7, login: 'audited1', first_name: 'Ala', password_hash: '[hidden]', is_active: true, created_at: '2026-11-27T07:00:00.000Z' },
    };
    expect(listChanges(column(screens), created, context('en'))).toEqual([
      { label: 'ID', value: '7' },
      { label: 'User name', value: 'audited1' },
      { label: 'First name', value: 'Ala' },
      { label: 'Password', value: 'changed (not shown)' },
      { label: 'Active', value: 'Yes' },
      { label: 'Created at', value: '2026-11-27 08:00:00' },
    ]);
    const status = { entity: 'payout', before: { matching: 1 }, after: { status: 'CANCELLED', updated: 1, ids: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] } };
    expect(listChanges(column(screens), status, context('pl'))).toEqual([
      { label: 'Pasujące wypłaty', value: '1' },
      { label: 'Status', value: 'Anulowana' },
      { label: 'Zmienione rekordy', value: '1' },
      { label: 'ID rekordów', value: '1, 2, 3, 4, 5, 6, 7, 8, 9, 10 i jeszcze 2' },
    ]);
  });
});
