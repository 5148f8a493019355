// The checks of `npm run validate` that need the built server's lists: a screen's default order the list cannot
// order by, and a filter on a column no index serves (a warning, which alone does not fail the run). Each case breaks
// one thing in a copy of the configuration and names the line it must add.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatProblem, validate } from '../../tools/validate/index.ts';
import { migrationIndexes } from '../../tools/validate/migrationIndexes.ts';
import type { ServerApi } from '../../tools/validate/apiRoutes.ts';
import { edit, repoCopies, validateCommand, type Json } from './repoCopies.ts';

const { copyOf, tempDir } = repoCopies('validate-leftovers');
const copyOfRepo = (): string => copyOf();

const screenAt = (root: string, id: string): number =>
  (JSON.parse(fs.readFileSync(path.join(root, 'screens.json'), 'utf8')).screens as Json[]).findIndex((s) => s.id === id);

describe('against the server\'s lists', { timeout: 180_000 }, () => {
  let api: ServerApi;
  const report = (root: string): string[] => validate(root, api.routes, api.apiKeyRoutes, api).map(formatProblem);
  /** The lines of a copy's report that the untouched copy does not have. */
  let added: (root: string) => string[];

  beforeAll(async () => {
    const { serverApi } = await import('../../tools/validate/apiRoutes.ts');
    api = await serverApi();
    const before = new Set(report(copyOfRepo()));
    added = (root) => report(root).filter((line) => !before.has(line));
  }, 180_000);

  it('reads each list\'s fields and columns from the server', () => {
    const payouts = api.lists.find((l) => l.call === 'GET /api/payout');
    expect(payouts?.shape.columns.amount).toBe('payouts.amount');
    expect(payouts?.shape.columns).not.toHaveProperty('history');
    expect(payouts?.shape.pinned).toEqual(['payouts.customer_id']);
    expect(api.lists.find((l) => l.call === 'GET /api/account/:/balanceUpdates')?.shape.pinned).toEqual(['balance_updates.account_id']);
  });

  it('a default order by a field of the entity that the list does not order by', () => {
    const root = copyOfRepo();
    const i = screenAt(root, 'payouts');
    edit(root, 'screens.json', (doc) => (doc.screens[i].defaultOrder.field = 'history'));
    const lines = added(root);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^screens\\.json: /screens/${i}/defaultOrder/field: "history" is a field of schemas/entities/payout\\.json that the list GET /api/payout does not order by \\(it would fail with 400\\); it orders by: id, .*createdAt`),
    );
  });

  it('a default order by a field the entity lacks: one line, not one from each check', () => {
    const root = copyOfRepo();
    const i = screenAt(root, 'payouts');
    edit(root, 'screens.json', (doc) => (doc.screens[i].defaultOrder.field = 'createdOn'));
    const lines = added(root);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^screens\\.json: /screens/${i}/defaultOrder/field: "createdOn" is not a sortable field of schemas/entities/payout\\.json \\(the list would fail with 400\\)`));
  });

  it('a filter on a column no index serves is a warning line; one an index serves is not', () => {
    const root = copyOfRepo();
    const range = { type: 'object', additionalProperties: false, properties: { gte: { type: 'string', format: 'date' }, lte: { type: 'string', format: 'date' } } };
    edit(root, 'schemas/filters/payout.json', (doc) => {
      // payouts.start_date: no index has it
      doc.properties.startDate = { ...range, title: 'entities:payout.startDate' };
      // payouts.created_at, a filter already: payouts_customer_created_idx has it right after the tenancy column
      expect(doc.properties.createdAt).toBeDefined();
      // text compared by "contains": a b-tree would not serve it, and no trigram index holds payouts.sms_message
      doc.properties.smsMessage = { type: 'string', maxLength: 100, title: 'entities:payout.smsMessage' };
    });
    expect(added(root).sort()).toEqual(
      [
        'schemas/filters/payout.json: /properties/startDate: warning: the filter "startDate" of GET /api/payout compares payouts.start_date, which no index leads, alone or after customer_id: each such request reads every row of the list\'s scope (the table, or the customer\'s part of it); index the column in a migration, or list payouts as small in tools/validate/checkFilterIndexes.ts',
        'schemas/filters/payout.json: /properties/smsMessage: warning: the filter "smsMessage" of GET /api/payout compares payouts.sms_message, which no trigram index (GIN or GiST) holds: each such request reads every row of the list\'s scope (the table, or the customer\'s part of it); index the column in a migration, or list payouts as small in tools/validate/checkFilterIndexes.ts',
      ].sort(),
    );
  });

  it('a filter on a small table\'s column is not reported', () => {
    const root = copyOfRepo();
    // programs.reminder_enabled: no index has it; but a customer's programs are few
    edit(root, 'schemas/filters/program.json', (doc) => (doc.properties.reminderEnabled = { type: 'boolean', title: 'entities:program.reminderEnabled' }));
    expect(added(root)).toEqual([]);
  });
});

describe('the indexes the migrations leave', () => {
  function indexesOf(sql: Record<string, string>) {
    const dir = tempDir();
    for (const [file, text] of Object.entries(sql)) fs.writeFileSync(path.join(dir, file), text);
    return migrationIndexes(dir).map((i) => ({ ...i }));
  }

  it('primary keys, unique columns and constraints, expressions, partial and GIN indexes; a dropped one is gone', () => {
    const indexes = indexesOf({
      '001_a.sql': `-- a comment naming CREATE INDEX nothing ON t (x);
CREATE TABLE t (
  id integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('UNIQUE', 'x')),
  a integer, b integer,
  UNIQUE (a, b)
);
CREATE INDEX t_lower_idx ON t (lower(code), id DESC);
CREATE INDEX t_kind_idx ON t (kind) WHERE kind IS NOT NULL;
CREATE INDEX t_search_idx ON t USING gin (code gin_trgm_ops);
CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END; $$;`,
      '002_b.sql': `DROP INDEX t_kind_idx;
ALTER TABLE t ADD COLUMN c integer UNIQUE REFERENCES t (id);`,
    });
    expect(indexes).toEqual([
      { name: 't_pkey', table: 't', columns: ['id'] },
      { name: 't_code_key', table: 't', columns: ['code'] },
      { name: 't_a_b_key', table: 't', columns: ['a', 'b'] },
      { name: 't_lower_idx', table: 't', columns: [null, 'id'] },
      { name: 't_search_idx', table: 't', columns: ['code'], method: 'gin' },
      { name: 't_c_key', table: 't', columns: ['c'] },
    ]);
  });
});

describe('on the command line', { timeout: 180_000 }, () => {
  it('prints the warnings as `file: path: problem` lines, counts them on the OK line and exits 0', async () => {
    const root = copyOfRepo();
    edit(root, 'schemas/filters/payout.json', (doc) => (doc.properties.smsMessage = { type: 'string', maxLength: 100, title: 'entities:payout.smsMessage' }));
    const result = await validateCommand(root);
    const out = result.stdout.trim().split('\n');
    const warnings = out.slice(0, -1);
    // The repository itself has no warning (every filter has its index), so the broken copy has exactly this one.
    expect(warnings).toEqual([
      'schemas/filters/payout.json: /properties/smsMessage: warning: the filter "smsMessage" of GET /api/payout compares payouts.sms_message, which no trigram index (GIN or GiST) holds: each such request reads every row of the list\'s scope (the table, or the customer\'s part of it); index the column in a migration, or list payouts as small in tools/validate/checkFilterIndexes.ts',
    ]);
    expect(out.at(-1)).toMatch(/^OK: .*; 1 warning$/);
    expect(result.status).toBe(0);
  });
});
