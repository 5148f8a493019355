// The value sets of src/shared against their copies (schema enums, the database's CHECKs, locale labels), and the
// permissions routes require against schemas/permissions.json: each drift in a copy of the repository is a
// `file: path: problem` line of npm run validate, and a permission no role defines does not even compile.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyContextConfig } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Permission } from '../../src/shared/permissions.ts';
import { checkConstantSets, MIGRATIONS_DIR } from '../../tools/validate/checkConstantSets.ts';
import { formatProblem } from '../../tools/validate/index.ts';
import { loadProject } from '../../tools/validate/project.ts';
import { sqlValueChecks } from '../../tools/validate/sqlChecks.ts';
import { edit, repo, repoCopies } from './repoCopies.ts';

const CONFIGURATION = ['screens.json', 'schemas', 'locales', MIGRATIONS_DIR];
const { copyOf } = repoCopies('validate-constants');

function report(root: string): string[] {
  return checkConstantSets(loadProject(root).project).map(formatProblem);
}

describe('the CHECKs of the migrations', () => {
  const checks = (files: Record<string, string>) => Object.fromEntries([...sqlValueChecks(new Map(Object.entries(files)))].map(([column, c]) => [column, c]));

  it('reads column and table CHECKs of value lists, over several lines, and no other CHECK', () => {
    const found = checks({
      '001_a.sql': `-- a comment; with a semicolon
        CREATE TABLE things (
          id     integer PRIMARY KEY,
          state  text NOT NULL CHECK (state IN ('NEW', 'OLD',
                   'GONE')),
          size   integer CHECK (size > 0),
          code   text CHECK (code ~ '^[A-Z]{3}$'),
          kind   text,
          note   text DEFAULT 'a;b',
          CONSTRAINT things_kind_named CHECK (kind IN ('it''s', 'B'))
        );
        CREATE INDEX things_state_idx ON things (state);`,
    });
    expect(found).toEqual({
      'things.state': { values: ['NEW', 'OLD', 'GONE'], file: '001_a.sql' },
      'things.kind': { values: ["it's", 'B'], file: '001_a.sql' },
    });
  });

  it('leaves the last definition: later migrations drop and add constraints, columns and tables, in name order', () => {
    const found = checks({
      '003_c.sql': `ALTER TABLE things DROP CONSTRAINT things_state_check;
        ALTER TABLE things ADD CONSTRAINT things_state_check CHECK (state IN ('NEW', 'OLD'));
        ALTER TABLE things ADD COLUMN lane text NOT NULL DEFAULT 'a' CHECK (lane IN ('a', 'b'));
        ALTER TABLE things DROP COLUMN colour;
        DROP TABLE IF EXISTS others;`,
      '001_a.sql': `CREATE TABLE things (state text CHECK (state IN ('NEW', 'OLD', 'GONE')), colour text CHECK (colour IN ('RED', 'BLUE')));
        CREATE TABLE others (kind text CHECK (kind IN ('X', 'Y')));`,
    });
    expect(found).toEqual({
      'things.state': { values: ['NEW', 'OLD'], file: '003_c.sql' },
      'things.lane': { values: ['a', 'b'], file: '003_c.sql' },
    });
  });
});

describe('constant sets against their copies', () => {
  it('finds none differing in the repository', () => {
    expect(report(repo)).toEqual([]);
  });

  it('reports a status missing from a schema enum (RETURNED), by the file and pointer of the enum', () => {
    const root = copyOf(CONFIGURATION);
    for (const file of ['schemas/entities/payout.json', 'schemas/filters/payout.json']) {
      edit(root, file, (doc) => {
        const enumOf = doc.properties.status.enum ?? doc.properties.status.items.enum;
        enumOf.splice(enumOf.indexOf('RETURNED'), 1);
      });
    }
    expect(report(root)).toEqual([
      'schemas/entities/payout.json: /properties/status/enum: lacks "RETURNED", which PAYOUT_STATUSES (src/shared/payouts.ts) lists',
      'schemas/filters/payout.json: /properties/status/items/enum: lacks "RETURNED", which PAYOUT_STATUSES (src/shared/payouts.ts) lists',
    ]);
  });

  it('reports a value the constant does not list, and one a place leaves out on purpose but lists', () => {
    const root = copyOf(CONFIGURATION);
    edit(root, 'schemas/entities/payout.json', (doc) => doc.properties.source.enum.push('FAX'));
    edit(root, 'schemas/forms/user.json', (doc) => doc.properties.type.enum.push('RECIPIENT'));
    expect(report(root)).toEqual([
      'schemas/entities/payout.json: /properties/source/enum: lists "FAX", which PAYOUT_SOURCES (src/shared/payouts.ts) does not',
      'schemas/forms/user.json: /properties/type/enum: lists "RECIPIENT", which USER_TYPES (src/shared/permissionNames.ts) leaves out here (except in tools/validate/constantSets.ts)',
    ]);
  });

  it('reports a status missing from the CHECK a later migration leaves, naming that migration', () => {
    const root = copyOf(CONFIGURATION);
    const migration = `${MIGRATIONS_DIR}/999_narrower_statuses.sql`;
    fs.writeFileSync(
      path.join(root, migration),
      `ALTER TABLE payouts DROP CONSTRAINT payouts_status_check;
       ALTER TABLE payouts ADD CONSTRAINT payouts_status_check CHECK (status IN ('TO_APPROVE', 'TO_COLLECT', 'SUSPENDED',
         'CANCELLED', 'EXPIRED', 'COLLECTED_ON_PAGE', 'TRANSFER_FILE_GENERATED', 'COMPLETED_SUCCESSFULLY'));`,
    );
    expect(report(root)).toEqual([`${migration}: payouts.status: CHECK lacks "RETURNED", which PAYOUT_STATUSES (src/shared/payouts.ts) lists; a new migration must change the CHECK`]);
  });

  it('reports a column whose CHECK a migration dropped', () => {
    const root = copyOf(CONFIGURATION);
    fs.writeFileSync(path.join(root, `${MIGRATIONS_DIR}/999_no_source_check.sql`), 'ALTER TABLE payouts DROP CONSTRAINT payouts_source_check;');
    expect(report(root)).toEqual([`${MIGRATIONS_DIR}: payouts.source: no CHECK (source IN (...)) holds the column to PAYOUT_SOURCES (src/shared/payouts.ts)`]);
  });

  it('reports a missing label in the language that lacks it, and a label of a value the constant lacks', () => {
    const root = copyOf(CONFIGURATION);
    edit(root, 'locales/pl/entities.json', (doc) => delete doc.enums.payoutStatus.RETURNED);
    edit(root, 'locales/en/pages.json', (doc) => (doc.webhooks.events['payout.deleted'] = 'Payout deleted'));
    expect(report(root)).toEqual([
      'locales/pl/entities.json: /enums/payoutStatus/RETURNED: missing: the label of "RETURNED", which PAYOUT_LABELS (src/shared/payouts.ts) lists',
      'locales/en/pages.json: /webhooks/events/payout.deleted: a label of "payout.deleted", which WEBHOOK_EVENTS (src/shared/webhooks.ts) does not list: never shown',
    ]);
  });

  it('reports a group of labels one language lacks; none in any language is a configuration without them', () => {
    const root = copyOf(CONFIGURATION);
    edit(root, 'locales/pl/entities.json', (doc) => delete doc.enums.batchStatus);
    for (const language of ['en', 'pl']) edit(root, `locales/${language}/common.json`, (doc) => delete doc.notifications);
    expect(report(root)).toEqual([
      'locales/pl/entities.json: /enums/batchStatus: missing: the labels of BATCH_STATUSES (src/shared/settlement.ts) ("GENERATED", "COMPLETED_SUCCESSFULLY", "RETURNED")',
    ]);
  });

  it('follows an enum moved to a shared definition: the definition is the place then', () => {
    const root = copyOf(CONFIGURATION);
    const shared = 'schemas/entities/payout-sources.json';
    fs.writeFileSync(path.join(root, shared), JSON.stringify({ type: 'string', enum: ['MANUAL', 'API'] }));
    edit(root, 'schemas/entities/payout.json', (doc) => (doc.properties.source = { $ref: 'payout-sources.json' }));
    expect(report(root)).toEqual([
      `${shared}: /enum: lists values of PAYOUT_SOURCES (src/shared/payouts.ts), but tools/validate/constantSets.ts does not name this place, so nothing holds it to the constant`,
    ]);
  });

  it('reports an enum or a CHECK listing values of a constant that the table does not name', () => {
    const root = copyOf(CONFIGURATION);
    fs.writeFileSync(
      path.join(root, 'schemas/filters/fixture.json'),
      JSON.stringify({ type: 'object', properties: { status: { type: 'array', items: { type: 'string', enum: ['TO_COLLECT', 'EXPIRED', 'RETURNED'] } } } }),
    );
    fs.writeFileSync(path.join(root, `${MIGRATIONS_DIR}/999_copies.sql`), "CREATE TABLE copies (source text CHECK (source IN ('MANUAL', 'API')));");
    expect(report(root)).toEqual([
      'schemas/filters/fixture.json: /properties/status/items/enum: lists values of PAYOUT_STATUSES (src/shared/payouts.ts), but tools/validate/constantSets.ts does not name this place, so nothing holds it to the constant',
      `${MIGRATIONS_DIR}/999_copies.sql: copies.source: CHECK lists values of PAYOUT_SOURCES (src/shared/payouts.ts), but tools/validate/constantSets.ts does not name this place, so nothing holds it to the constant`,
    ]);
  });

  it('holds the role matrix to the permissions the code is typed with', () => {
    const root = copyOf(CONFIGURATION);
    edit(root, 'schemas/permissions.json', (doc) => {
      doc.permissions = doc.permissions.filter((p: string) => p !== 'statistics').concat('reports.read');
    });
    expect(report(root)).toEqual([
      'schemas/permissions.json: /permissions: lacks "statistics", which PERMISSIONS (src/shared/permissionNames.ts) lists',
      'schemas/permissions.json: /permissions: lists "reports.read", which PERMISSIONS (src/shared/permissionNames.ts) does not',
    ]);
  });
});

describe('the permissions routes require', () => {
  it('are typed: a permission no role defines does not compile', () => {
    const config: FastifyContextConfig = {
      permissions: [
        'settings.manage',
        // @ts-expect-error 'settings.manag' is no permission of schemas/permissions.json
        'settings.manag',
      ],
    };
    // @ts-expect-error the toolkit's options take the same type
    const manage: readonly Permission[] = ['customer.settings', 'accounts.mange'];
    expect([config.permissions, manage]).toBeDefined();
  });

  it('that no role defines are reported by npm run validate, at the file that declares the route', { timeout: 180_000 }, () => {
    const root = copyOf([...CONFIGURATION, 'package.json', 'tsconfig.json', 'src', 'tools']);
    fs.symlinkSync(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    // the typecheck would refuse this; tsx runs it, as a name computed at run time would be
    const routes = 'src/server/areas/settings/routes.ts';
    const source = fs.readFileSync(path.join(root, routes), 'utf8');
    expect(source).toContain("permissions: ['settings.manage']");
    fs.writeFileSync(path.join(root, routes), source.replace("permissions: ['settings.manage']", "permissions: ['settings.manag']"));
    const result = spawnSync(path.join(repo, 'node_modules/.bin/tsx'), ['tools/validate.ts'], { cwd: root, encoding: 'utf8', timeout: 170_000 });
    const lines = result.stdout.split('\n').filter((line) => line.includes('settings.manag"'));
    expect(lines).toEqual([`${routes}: PUT /api/settings: permission "settings.manag" is defined by no role in schemas/permissions.json`]);
    expect(result.status).toBe(1);
  });
});
