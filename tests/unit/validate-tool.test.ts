// The configuration validator CI runs (`npm run validate`): it passes the repository's real configuration and
// names the file and JSON pointer of each kind of mistake a product owner can make in a copy of it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { roleOf } from '../../src/shared/permissions.ts';
import { formats } from '../../src/shared/validation/formats.ts';
import { ROLES_OF_USER_TYPE } from '../../tools/validate/checkPermissions.ts';
import { checkConfiguration, formatProblem, validate } from '../../tools/validate/index.ts';
import { edit, read, repo, repoCopies, validateCommand, write, type Json } from './repoCopies.ts';

const WIDGETS = 'src/client/renderer/widgets/names.json';
const PAGES = 'src/client/pages/names.json';

const { copyOf, tempDir } = repoCopies('validate-tool');
const copyOfRepo = (): string => copyOf();

/** The whole project, code included (node_modules linked): the server its validator builds reads the copy's schemas. */
function copyOfProject(): string {
  const root = copyOfRepo();
  for (const item of ['package.json', 'tsconfig.json', 'src', 'tools']) {
    fs.cpSync(path.join(repo, item), path.join(root, item), { recursive: true });
  }
  fs.symlinkSync(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return root;
}

const ENTITY = 'schemas/entities/fixture-payout.json';
const FORM = 'schemas/forms/fixture-payout.json';
const UI = 'schemas/forms/fixture-payout.ui.json';

const FIXTURE_TEXTS = {
  table: { title: 'Fixture payouts', nav: 'Fixture payouts' },
  form: { title: 'Edit fixture payout', saved: 'Saved', amount: 'Amount' },
  columns: { amount: 'Amount', program: 'Program' },
  entity: { title: 'Payout', amount: 'Amount' },
  actions: { edit: 'Edit', cancel: 'Cancel', confirm: 'Are you sure?' },
};
const FIXTURE_TEXTS_PL = {
  table: { title: 'Wypłaty testowe', nav: 'Wypłaty testowe' },
  form: { title: 'Edycja wypłaty testowej', saved: 'Zapisano', amount: 'Kwota' },
  columns: { amount: 'Kwota', program: 'Program' },
  entity: { title: 'Wypłata', amount: 'Kwota' },
  actions: { edit: 'Edytuj', cancel: 'Anuluj', confirm: 'Czy na pewno?' },
};

interface Fixture {
  root: string;
  /** Pointers of the fixture screens in screens.json. */
  table: string;
  form: string;
  tableIndex: number;
  formIndex: number;
  widget: string;
  permission: string;
}

/**
 * A copy of the repository plus a table screen, a form screen and the files they name (entity schema, form schema,
 * ui hints, texts in both languages), so descriptor checks are exercised before the product has such screens.
 */
function copyWithFixtures(): Fixture {
  return addFixtures(copyOfRepo());
}

/** Only the fixtures, the screens schema and the role matrix: a configuration that is valid whatever the repository holds. */
function fixturesOnly(): Fixture {
  const root = tempDir();
  for (const file of ['schemas/screens.schema.json', 'schemas/permissions.json']) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.copyFileSync(path.join(repo, file), path.join(root, file));
  }
  write(root, 'screens.json', { $schema: './schemas/screens.schema.json', screens: [] });
  return addFixtures(root);
}

function addFixtures(root: string): Fixture {
  const permission: string = read(root, 'schemas/permissions.json').permissions[0];

  const widgets: string[] = fs.existsSync(path.join(root, WIDGETS)) ? read(root, WIDGETS) : [];
  if (widgets.length === 0) write(root, WIDGETS, [...widgets, 'text']);
  const widget = widgets[0] ?? 'text';
  if (!fs.existsSync(path.join(root, PAGES))) write(root, PAGES, ['Home', 'Placeholder']);

  write(root, ENTITY, {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    title: 'fixture.entity.title',
    properties: {
      id: { type: 'integer' },
      amount: { type: 'integer', title: 'fixture.entity.amount' },
      currency: { type: 'string' },
      program: { $ref: '#/definitions/program' },
    },
    definitions: {
      program: { type: 'object', properties: { name: { type: 'string' } } },
    },
  });
  write(root, FORM, {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    required: ['amount'],
    properties: {
      amount: { type: 'string', title: 'fixture.form.amount' },
      program: { $ref: '../entities/fixture-payout.json#/definitions/program' },
      note: { type: 'string', maxLength: 100 },
    },
  });
  write(root, UI, { 'ui:order': ['amount', '*'], amount: { 'ui:widget': widget }, program: { name: {} } });

  let tableIndex = 0;
  edit(root, 'screens.json', (doc) => {
    tableIndex = doc.screens.length;
    doc.screens.push(
      {
        id: 'fixturePayouts',
        route: '/panel/fixture-payouts',
        kind: 'table',
        title: 'fixture.table.title',
        permissions: [permission],
        nav: { label: 'fixture.table.nav', order: 999, userTypes: ['ADMIN'] },
        api: { list: 'GET /api/payout/program' },
        columns: [
          { field: 'amount', title: 'fixture.columns.amount', format: 'money', currencyField: 'currency', sortable: true },
          { field: 'program.name', title: 'fixture.columns.program' },
        ],
        entitySchema: ENTITY,
        rowActions: [
          { id: 'edit', label: 'fixture.actions.edit', route: '/panel/fixture-payouts/:id/edit', permissions: [permission] },
          { id: 'cancel', label: 'fixture.actions.cancel', api: 'DELETE /api/payout/program/:id', confirm: 'fixture.actions.confirm' },
        ],
      },
      {
        id: 'fixturePayoutEdit',
        route: '/panel/fixture-payouts/:id/edit',
        kind: 'form',
        title: 'fixture.form.title',
        permissions: [],
        schema: FORM,
        uiSchema: UI,
        api: { submit: 'PUT /api/payout/program' },
        successMessage: 'fixture.form.saved',
        backRoute: '/panel/fixture-payouts',
      },
    );
  });
  for (const [language, texts] of [['en', FIXTURE_TEXTS], ['pl', FIXTURE_TEXTS_PL]] as const) {
    const file = `locales/${language}/common.json`;
    const common = fs.existsSync(path.join(root, file)) ? read(root, file) : {};
    write(root, file, { ...common, fixture: texts });
  }
  return {
    root,
    table: `/screens/${tableIndex}`,
    form: `/screens/${tableIndex + 1}`,
    tableIndex,
    formIndex: tableIndex + 1,
    widget,
    permission,
  };
}

function lines(root: string): string[] {
  return validate(root).map(formatProblem);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The report has a line for `file: path:` whose problem matches `problem`. */
function expectReported(root: string, file: string, pointer: string, problem: RegExp): void {
  const report = lines(root);
  expect(report.length).toBeGreaterThan(0); // the CLI exits 1 exactly when there is a problem
  expect(report).toContainEqual(expect.stringMatching(new RegExp(`^${escape(`${file}: ${pointer}: `)}.*${problem.source}`)));
}

describe('the configuration of the repository', () => {
  it('passes as it is', () => {
    expect(lines(copyOfRepo())).toEqual([]);
  });

  it('accepts a table screen, a form screen and their schemas added to it', () => {
    // compared with the untouched copy, so that this holds whatever the repository's own state
    expect(lines(copyWithFixtures().root)).toEqual(lines(copyOfRepo()));
    expect(lines(fixturesOnly().root)).toEqual([]);
  });
});

describe('a broken configuration is reported with its file and JSON pointer', () => {
  it('an unknown permission on a screen', () => {
    const f = copyWithFixtures();
    edit(f.root, 'screens.json', (doc) => doc.screens[f.tableIndex].permissions.push('payouts.everything'));
    expectReported(f.root, 'screens.json', `${f.table}/permissions/1`, /unknown permission "payouts\.everything"/);
  });

  it("an import's column of no form property, of an unknown kind, and a form's required field without a column", () => {
    const f = copyWithFixtures();
    edit(f.root, 'schemas/imports/recipient.json', (doc) => {
      doc.columns[1].field = 'firstNmae';
      doc.columns[0].kind = 'telephone';
    });
    expectReported(f.root, 'schemas/imports/recipient.json', '/columns/1/field', /"firstNmae" is not a property of schemas\/forms\/recipient\.json/);
    expectReported(f.root, 'schemas/imports/recipient.json', '/columns/0/kind', /must be one of text, phone/);
    expectReported(f.root, 'schemas/imports/recipient.json', '/columns', /requires "firstName": add a column for it/);
  });

  it("an import template's note whose text a language lacks", () => {
    const f = copyWithFixtures();
    edit(f.root, 'schemas/imports/payout.json', (doc) => doc.templateNotes.push('imports:payoutNotes.nowhere'));
    expectReported(f.root, 'schemas/imports/payout.json', '/templateNotes/3', /text "imports:payoutNotes\.nowhere" is missing in/);
  });

  it('an unknown permission on a row action', () => {
    const f = copyWithFixtures();
    edit(f.root, 'screens.json', (doc) => (doc.screens[f.tableIndex].rowActions[0].permissions = ['nope']));
    expectReported(f.root, 'screens.json', `${f.table}/rowActions/0/permissions/0`, /unknown permission "nope"/);
  });

  it('an unknown user type in a nav entry', () => {
    const f = copyWithFixtures();
    edit(f.root, 'screens.json', (doc) => doc.screens[f.tableIndex].nav.userTypes.push('ADMINS'));
    expectReported(f.root, 'screens.json', `${f.table}/nav/userTypes/1`, /unknown user type "ADMINS"/);
  });

  it('a route used by two screens, also when only the parameter names differ', () => {
    const f = copyWithFixtures();
    edit(f.root, 'screens.json', (doc) => (doc.screens[f.formIndex].route = '/panel/fixture-payouts'));
    expectReported(f.root, 'screens.json', `${f.form}/route`, /already taken by screen "fixturePayouts"/);

    const g = copyWithFixtures();
    edit(g.root, 'screens.json', (doc) => {
      doc.screens[g.tableIndex].route = '/panel/fixture-payouts/:id';
      doc.screens[g.formIndex].route = '/panel/fixture-payouts/:payoutId';
    });
    expectReported(g.root, 'screens.json', `${g.form}/route`, /already taken/);
  });

  it('two screens with the same id', () => {
    const f = copyWithFixtures();
    edit(f.root, 'screens.json', (doc) => (doc.screens[f.formIndex].id = 'fixturePayouts'));
    expectReported(f.root, 'screens.json', `${f.form}/id`, /duplicate screen id "fixturePayouts"/);
  });

  it('a text missing in Polish only', () => {
    const f = copyWithFixtures();
    edit(f.root, 'locales/pl/common.json', (doc) => delete doc.fixture.table.title);
    const report = lines(f.root);
    expect(report).toContain(`screens.json: ${f.table}/title: i18n key "fixture.table.title" is missing in locales/pl/common.json`);
    expectReported(f.root, 'locales/pl/common.json', '/fixture/table/title', /missing \(locales\/en\/common\.json has "fixture\.table\.title"\)/);
  });

  it('a text missing in both languages, in a namespace', () => {
    const f = copyWithFixtures();
    edit(f.root, 'screens.json', (doc) => (doc.screens[f.formIndex].successMessage = 'errors:NO_SUCH_CODE'));
    expectReported(f.root, 'screens.json', `${f.form}/successMessage`,
      /"errors:NO_SUCH_CODE" is missing in locales\/en\/errors\.json and locales\/pl\/errors\.json/);
  });

  it('a schema title that is not a translated key', () => {
    const f = copyWithFixtures();
    edit(f.root, ENTITY, (doc) => (doc.properties.amount.title = 'Amount'));
    expectReported(f.root, ENTITY, '/properties/amount/title', /i18n key "Amount" is missing/);
  });

  it('invalid JSON (a syntax error)', () => {
    const f = copyWithFixtures();
    fs.writeFileSync(path.join(f.root, ENTITY), '{ "type": "object",\n  "properties": { "id": { "type": "integer" }, }\n}');
    expectReported(f.root, ENTITY, '/', /invalid JSON: .*\(line 2, column \d+\)/);
  });

  it('an invalid JSON Schema ("type": "strnig")', () => {
    const f = copyWithFixtures();
    edit(f.root, FORM, (doc) => (doc.properties.note.type = 'strnig'));
    expectReported(f.root, FORM, '/properties/note/type', /must be one of: array, boolean, integer/);
  });

  it('a $ref that does not resolve, inside the file or to another file', () => {
    const f = copyWithFixtures();
    edit(f.root, ENTITY, (doc) => (doc.properties.program.$ref = '#/definitions/programme'));
    expectReported(f.root, ENTITY, '/properties/program/$ref', /does not resolve: .*nothing at \/definitions\/programme/);

    const g = copyWithFixtures();
    edit(g.root, FORM, (doc) => (doc.properties.program.$ref = '../entities/nowhere.json#/definitions/program'));
    expectReported(g.root, FORM, '/properties/program/$ref', /schemas\/entities\/nowhere\.json does not exist/);
  });

  it('an unknown format in a form schema', () => {
    const f = copyWithFixtures();
    edit(f.root, FORM, (doc) => (doc.properties.note.format = 'mony'));
    expectReported(f.root, FORM, '/properties/note/format', /unknown format "mony"/);
  });

  it("a format the server knows but the browser's validators do not, in a form or reached through its $ref", () => {
    const f = copyWithFixtures();
    edit(f.root, FORM, (doc) => (doc.properties.note.format = 'uri'));
    edit(f.root, ENTITY, (doc) => (doc.definitions.program.properties.name.format = 'uuid'));
    expectReported(f.root, FORM, '/properties/note/format', /the format "uri" is known to the server only/);
    expectReported(f.root, FORM, '/properties/program/$ref', /the format "uuid" is known to the server only/);
    // The entity alone, which the server validates with, may name it.
    expect(lines(f.root).filter((line) => line.startsWith(`${ENTITY}:`))).toEqual([]);
  });

  it('a misspelt keyword in a form schema', () => {
    const f = copyWithFixtures();
    edit(f.root, FORM, (doc) => (doc.properties.note.maxLenght = 10));
    expectReported(f.root, FORM, '/properties/note/maxLenght', /unknown keyword "maxLenght"/);
  });

  it('a schema the project validator refuses to compile', () => {
    const f = copyWithFixtures();
    edit(f.root, FORM, (doc) => (doc.properties.note.minimum = 1));
    expectReported(f.root, FORM, '/properties/note', /does not compile: missing type "number" for keyword "minimum"/);
  });

  it('a column field the entity schema does not have', () => {
    const f = copyWithFixtures();
    edit(f.root, 'screens.json', (doc) => (doc.screens[f.tableIndex].columns[1].field = 'program.nmae'));
    expectReported(f.root, 'screens.json', `${f.table}/columns/1/field`, /"program\.nmae" is not a property of schemas\/entities\/fixture-payout\.json/);
  });

  it('an unknown widget in ui hints', () => {
    const f = copyWithFixtures();
    edit(f.root, UI, (doc) => (doc.amount['ui:widget'] = 'moneyy'));
    expectReported(f.root, UI, '/amount/ui:widget', /unknown widget "moneyy"/);
  });

  it('ui hints for a property the form schema does not have', () => {
    const f = copyWithFixtures();
    edit(f.root, UI, (doc) => {
      doc.ammount = { 'ui:widget': f.widget };
      doc.program.nmae = {};
    });
    expectReported(f.root, UI, '/ammount', /"ammount" is not a property of schemas\/forms\/fixture-payout\.json/);
    expectReported(f.root, UI, '/program/nmae', /"nmae" is not a property/);
  });

  it('a ui:order that leaves a property out without "*" (the form would refuse to render)', () => {
    const root = copyOfRepo();
    edit(root, 'schemas/forms/webhook-endpoint.ui.json', (doc) => (doc['ui:order'] = (doc['ui:order'] as string[]).filter((name) => name !== 'enabled')));
    expectReported(root, 'schemas/forms/webhook-endpoint.ui.json', '/ui:order', /leaves out "enabled", a property of schemas\/forms\/webhook-endpoint\.json: name it, or add "\*" for the rest/);
  });

  it('a referenced schema file that does not exist', () => {
    const f = copyWithFixtures();
    edit(f.root, 'screens.json', (doc) => (doc.screens[f.tableIndex].entitySchema = 'schemas/entities/payouts.json'));
    expectReported(f.root, 'screens.json', `${f.table}/entitySchema`, /file schemas\/entities\/payouts\.json does not exist/);
  });

  it('screens.json violating its schema (kind "tabel", a misspelt property)', () => {
    const f = copyWithFixtures();
    edit(f.root, 'screens.json', (doc) => {
      doc.screens[f.tableIndex].kind = 'tabel';
      doc.screens[f.formIndex].sucessMessage = 'fixture.form.saved';
    });
    expectReported(f.root, 'screens.json', `${f.table}/kind`, /must be one of: custom, table, form/);
    expectReported(f.root, 'screens.json', `${f.form}/sucessMessage`, /unknown property/);
  });

  it('a column format the renderer does not have', () => {
    const f = copyWithFixtures();
    edit(f.root, 'screens.json', (doc) => (doc.screens[f.tableIndex].columns[0].format = 'currency'));
    expectReported(f.root, 'screens.json', `${f.table}/columns/0/format`, /must be one of: text, money, date/);
  });

  it('an action with both a route and an API call', () => {
    const f = copyWithFixtures();
    edit(f.root, 'screens.json', (doc) => (doc.screens[f.tableIndex].rowActions[0].api = 'POST /api/x'));
    expectReported(f.root, 'screens.json', `${f.table}/rowActions/0`, /either "route" or "api", not both/);
  });

  it('a custom screen naming a page the client does not register', () => {
    const f = copyWithFixtures();
    let custom = -1;
    edit(f.root, 'screens.json', (doc) => {
      custom = doc.screens.findIndex((s: Json) => s.kind === 'custom');
      doc.screens[custom].component = 'NoSuchPage';
    });
    expectReported(f.root, 'screens.json', `/screens/${custom}/component`, /unknown page "NoSuchPage"/);
  });

  it('a role listing a permission twice, or one that does not exist', () => {
    const f = copyWithFixtures();
    let index = 0;
    edit(f.root, 'schemas/permissions.json', (doc) => {
      index = doc.roles.ADMIN.length;
      doc.roles.ADMIN.push(doc.roles.ADMIN[0], 'payout.everything');
    });
    expectReported(f.root, 'schemas/permissions.json', `/roles/ADMIN/${index}`, /is listed twice in ADMIN/);
    expectReported(f.root, 'schemas/permissions.json', `/roles/ADMIN/${index + 1}`, /unknown permission "payout\.everything"/);
  });

  it('a key present in Polish only', () => {
    const f = copyWithFixtures();
    edit(f.root, 'locales/pl/common.json', (doc) => (doc.fixture.extra = 'Dodatkowy'));
    expectReported(f.root, 'locales/en/common.json', '/fixture/extra', /missing \(locales\/pl\/common\.json has "fixture\.extra"\)/);
  });

  it('plural texts: each language’s own forms accepted, a missing form named, a key used with a count found by its forms', () => {
    const f = copyWithFixtures();
    edit(f.root, 'locales/en/common.json', (doc) => Object.assign(doc.fixture, { rows_one: '{{count}} row', rows_other: '{{count}} rows' }));
    edit(f.root, 'locales/pl/common.json', (doc) => Object.assign(doc.fixture, { rows_one: '{{count}} wiersz', rows_few: '{{count}} wiersze', rows_many: '{{count}} wierszy', rows_other: '{{count}} wiersza' }));
    edit(f.root, 'screens.json', (doc) => (doc.screens[f.formIndex].successMessage = 'fixture.rows'));
    expect(lines(f.root)).toEqual([]);
    edit(f.root, 'locales/pl/common.json', (doc) => delete doc.fixture.rows_few);
    const report = lines(f.root);
    expect(report).toContain(`screens.json: ${f.form}/successMessage: i18n key "fixture.rows" is missing in locales/pl/common.json`);
    expectReported(f.root, 'locales/pl/common.json', '/fixture/rows_few', /missing: the plural form "few" of "fixture\.rows" \(pl: one, few, many, other\)/);
  });
});

describe('the command line', { timeout: 120_000 }, () => {
  const run = validateCommand;

  it('prints one `file: path: problem` line per problem and exits 1', async () => {
    const f = copyWithFixtures();
    edit(f.root, 'screens.json', (doc) => {
      doc.screens[f.tableIndex].kind = 'tabel';
      doc.screens[f.formIndex].permissions = ['nope'];
    });
    const result = await run(f.root);
    expect(result.status).toBe(1);
    const out = result.stdout.trim().split('\n');
    expect(out).toContain(`screens.json: ${f.table}/kind: must be one of: custom, table, form, details, import, dashboard`);
    expect(out).toContain(`screens.json: ${f.form}/permissions/0: unknown permission "nope" (not in schemas/permissions.json)`);
    for (const line of out) expect(line).toMatch(/^[^\s:]+: \/\S*: \S/);
    expect(result.stderr).toContain(`${out.length} problems found`);
  });

  it('prints a one-line summary and exits 0 when all is well', async () => {
    const result = await run(fixturesOnly().root);
    expect(result.stdout.trim()).toBe('OK: 2 screens, 3 schemas, 2 languages x 1 namespace');
    expect(result.status).toBe(0);
  });
});

describe('API calls named by screens', () => {
  it('reports a call that is not a route of the server, with its file and path', async () => {
    const { serverRoutes } = await import('../../tools/validate/apiRoutes.ts');
    const routes = await serverRoutes();
    expect(routes.has('GET /api/payout/recipient')).toBe(true);
    const root = copyOfRepo();
    expect(validate(root, routes).map(formatProblem)).toEqual([]);
    let where = '';
    edit(root, 'screens.json', (value) => {
      const i = value.screens.findIndex((s: Json) => s.id === 'recipients');
      value.screens[i].api.list = 'GET /api/payout/recipients';
      where = `/screens/${i}/api/list`;
    });
    expect(validate(root, routes).map(formatProblem)).toEqual([`screens.json: ${where}: call "GET /api/payout/recipients" is not a route of the server`]);
    // Building the server and validating the repository twice: about 15 s alone, twice that beside the other lane.
  }, 120_000);
});

describe('what the accounts screens added to descriptors', () => {
  const at = (root: string, id: string) => (read(root, 'screens.json').screens as Json[]).findIndex((s) => s.id === id);

  it('a period over a field the filter schema does not have, and a scope filter it does not have', () => {
    const root = copyOfRepo();
    const i = at(root, 'accountDetails');
    const j = at(root, 'accounts');
    edit(root, 'screens.json', (doc) => {
      doc.screens[i].period.field = 'bookedAt';
      doc.screens[j].scopeFilters = ['tenant'];
    });
    expectReported(root, 'screens.json', `/screens/${i}/period/field`, /period field "bookedAt" is not a property of schemas\/filters\/balance-update\.json/);
    expectReported(root, 'screens.json', `/screens/${j}/scopeFilters/0`, /scope filter "tenant" is not a property of schemas\/filters\/account\.json/);
  });

  it("a money column naming the record's currency on a screen without a record", () => {
    const root = copyOfRepo();
    const i = at(root, 'accounts');
    edit(root, 'screens.json', (doc) => (doc.screens[i].columns[2].currencyField = 'record.currency'));
    expectReported(root, 'screens.json', `/screens/${i}/columns/2/currencyField`, /names the screen's record, but the screen has no "record"/);
  });

  it("a record column, a details field and a details list's column the entity does not have", () => {
    const root = copyOfRepo();
    const details = at(root, 'accountDetails');
    const preview = at(root, 'accountPreview');
    edit(root, 'screens.json', (doc) => {
      doc.screens[details].record.columns[0].field = 'nickname';
      doc.screens[preview].fields[0].field = 'alias';
      doc.screens[preview].lists[0].columns[0].field = 'email';
    });
    expectReported(root, 'screens.json', `/screens/${details}/record/columns/0/field`, /field "nickname" is not a property of schemas\/entities\/account\.json/);
    expectReported(root, 'screens.json', `/screens/${preview}/fields/0/field`, /field "alias" is not a property of schemas\/entities\/account\.json/);
    expectReported(root, 'screens.json', `/screens/${preview}/lists/0/columns/0/field`, /field "email" is not a property of the items of "representatives"/);
  });

  it('a details list over a field that is not an array of objects', () => {
    const root = copyOfRepo();
    const preview = at(root, 'accountPreview');
    edit(root, 'screens.json', (doc) => (doc.screens[preview].lists[0].field = 'name'));
    expectReported(root, 'screens.json', `/screens/${preview}/lists/0/field`, /field "name" is not an array of objects in schemas\/entities\/account\.json/);
  });

  it('a prefilled field the form does not have, from a parameter the route does not have', () => {
    const root = copyOfRepo();
    const i = at(root, 'accountTopUp');
    edit(root, 'screens.json', (doc) => (doc.screens[i].prefill = { account: 'accountId' }));
    expectReported(root, 'screens.json', `/screens/${i}/prefill/account`, /"account" is not a property of schemas\/forms\/account-top-up\.json/);
    expectReported(root, 'screens.json', `/screens/${i}/prefill/account`, /the route has no parameter ":accountId"/);
  });

  it('texts of empty messages, periods and exports that do not exist', () => {
    const root = copyOfRepo();
    const i = at(root, 'accountDetails');
    edit(root, 'screens.json', (doc) => {
      doc.screens[i].emptyMessages[0].text = 'screens:accountDetails.nothing';
      doc.screens[i].export.label = 'screens:actions.exportCsv';
    });
    expectReported(root, 'screens.json', `/screens/${i}/emptyMessages/0/text`, /i18n key "screens:accountDetails\.nothing" is missing/);
    expectReported(root, 'screens.json', `/screens/${i}/export/label`, /i18n key "screens:actions\.exportCsv" is missing/);
  });

  it('an unknown permission on a column, an unknown user type on an action', () => {
    const root = copyOfRepo();
    const i = at(root, 'accounts');
    edit(root, 'screens.json', (doc) => {
      doc.screens[i].columns[5].permissions = ['customers.read'];
      doc.screens[i].rowActions[3].userTypes = ['SUPERADMIN'];
    });
    expectReported(root, 'screens.json', `/screens/${i}/columns/5/permissions/0`, /unknown permission "customers\.read"/);
    expectReported(root, 'screens.json', `/screens/${i}/rowActions/3/userTypes/0`, /unknown user type "SUPERADMIN"/);
  });

  it('an action for user types none of whose roles holds its permissions', () => {
    const root = copyOfRepo();
    const i = at(root, 'accounts');
    edit(root, 'screens.json', (doc) => (doc.screens[i].rowActions[3].userTypes = ['RECIPIENT']));
    expect(lines(root)).toContain(`screens.json: /screens/${i}/rowActions/3/userTypes: no role of RECIPIENT in schemas/permissions.json holds "accounts": nobody sees this action`);
  });
});

describe('filters', () => {
  it('reports a filter that is not a field of the listed entity', () => {
    const root = copyOfRepo();
    edit(root, 'schemas/filters/recipient.json', (schema) => {
      schema.properties.nickname = { type: 'string', title: 'entities:recipient.firstName' };
    });
    expect(validate(root).map(formatProblem)).toEqual([
      'schemas/filters/recipient.json: /properties/nickname: filter "nickname" is not a property of schemas/entities/recipient.json',
    ]);
  });
});

describe('what the table renderer resolves at run time', () => {
  const at = (root: string, id: string) => (read(root, 'screens.json').screens as Json[]).findIndex((s) => s.id === id);
  let untouched: string[] = [];
  beforeAll(() => {
    untouched = lines(copyOfRepo());
  });
  /** What a broken copy reports beyond the untouched repository. */
  const added = (root: string) => lines(root).filter((line) => !untouched.includes(line));

  it('passes the real screens and forms', () => {
    expect(lines(copyOfRepo())).toEqual([]);
  });

  it('a money column or money input without its currency, or naming a field there is not', () => {
    const root = copyOfRepo();
    const i = at(root, 'accounts');
    edit(root, 'screens.json', (doc) => {
      delete doc.screens[i].columns[2].currencyField;
      doc.screens[i].columns[3].currencyField = 'currencyCode';
    });
    edit(root, 'schemas/forms/program.ui.json', (doc) => (doc.budget['ui:options'].currencyField = 'curency'));
    edit(root, 'schemas/forms/payout.ui.json', (doc) => delete doc.amount['ui:options'].accountField);
    const report = added(root);
    expect(report).toHaveLength(4);
    expect(report).toContainEqual(`screens.json: /screens/${i}/columns/2: the money column "balance" needs a "currencyField" (the row field holding the currency code, or record.<field>): without it the amount is shown with no currency`);
    expect(report).toContainEqual(expect.stringMatching(new RegExp(`^screens\\.json: /screens/${i}/columns/3/currencyField: "currencyCode" is not a field of schemas/entities/account\\.json \\(the amount would be shown with no currency\\); fields: .*currency`)));
    expect(report).toContainEqual(expect.stringMatching(/^schemas\/forms\/program\.ui\.json: \/budget\/ui:options\/currencyField: "curency" is not a field of schemas\/forms\/program\.json \(the money input would show PLN instead\); fields: .*currency/));
    expect(report).toContainEqual(expect.stringMatching(/^schemas\/forms\/payout\.ui\.json: \/amount: the money input needs its currency in "ui:options"/));
  });

  it('a default order by a field the list cannot sort by', () => {
    const root = copyOfRepo();
    const i = at(root, 'payouts');
    edit(root, 'screens.json', (doc) => (doc.screens[i].defaultOrder.field = 'createdOn'));
    expect(added(root)).toEqual([
      expect.stringMatching(new RegExp(`^screens\\.json: /screens/${i}/defaultOrder/field: "createdOn" is not a sortable field of schemas/entities/payout\\.json \\(the list would fail with 400\\); sortable: .*createdAt`)),
    ]);
  });

  it('a row action shown only when a field the rows lack has a value', () => {
    const root = copyOfRepo();
    const i = at(root, 'payouts');
    edit(root, 'screens.json', (doc) => (doc.screens[i].rowActions[0].when.field = 'state'));
    expect(added(root)).toEqual([
      expect.stringMatching(new RegExp(`^screens\\.json: /screens/${i}/rowActions/0/when/field: "state" is not a field of schemas/entities/payout\\.json's rows, so the action "approve" would never show; fields: .*status`)),
    ]);
  });

  it("a row action handing the target list a filter that list's filter schema lacks", () => {
    const root = copyOfRepo();
    const i = at(root, 'programs');
    const payouts = at(root, 'payouts');
    const action = (read(root, 'screens.json').screens[i].rowActions as Json[]).findIndex((a) => a.id === 'payouts');
    edit(root, 'screens.json', (doc) => (doc.screens[i].rowActions[action].filter = { program: 'id' }));
    expect(added(root)).toEqual([
      expect.stringMatching(new RegExp(`^screens\\.json: /screens/${i}/rowActions/${action}/filter/program: "program" is not a filter of the list at /panel/payouts \\(screens\\.json /screens/${payouts}\\), which would refuse or ignore it; schemas/filters/payout\\.json has: .*programId`)),
    ]);
  });
});

describe('fields whose format the browser checks only with their input (phone, iban, safeUrl, webhookUrl)', () => {
  const WEBHOOK_UI = 'schemas/forms/webhook-endpoint.ui.json';
  const BRINGS = "which brings the format's rule to the browser";

  it('passes the real forms, and reports the webhook form whose address field lost the "url" input', () => {
    const root = copyOfRepo();
    expect(lines(root)).toEqual([]);
    edit(root, WEBHOOK_UI, (doc) => delete doc.url['ui:widget']);
    expect(lines(root)).toEqual([
      `${WEBHOOK_UI}: /url: a "webhookUrl" field must use the "url" input ("ui:widget": "url"), ${BRINGS}: with another input the form lets any value through, and only the server refuses it`,
    ]);
    edit(root, WEBHOOK_UI, (doc) => (doc.url['ui:widget'] = 'text'));
    expectReported(root, WEBHOOK_UI, '/url', /a "webhookUrl" field must use the "url" input \("ui:widget": "url", not "text"\)/);
  });

  it('a nested field, and array items reached through $ref', () => {
    const f = copyWithFixtures();
    edit(f.root, 'schemas/forms/payout.ui.json', (doc) => (doc.newRecipient.phoneNumber['ui:widget'] = 'text'));
    edit(f.root, FORM, (doc) => {
      doc.properties.links = { type: 'array', items: { $ref: '#/definitions/link' } };
      doc.definitions = { link: { type: 'string', format: 'safeUrl' } };
    });
    expectReported(f.root, 'schemas/forms/payout.ui.json', '/newRecipient/phoneNumber', /a "phone" field must use the "phone" input/);
    expectReported(f.root, UI, '/links/items', /a "safeUrl" field must use the "url" input/);
    edit(f.root, UI, (doc) => (doc.links = { items: { 'ui:widget': 'url' } }));
    expect(lines(f.root).filter((line) => line.startsWith(UI))).toEqual([]);
  });

  it('a form screen and a filter form without ui hints, on the screen that names the schema', () => {
    const f = copyWithFixtures();
    let recipients = '';
    edit(f.root, 'screens.json', (doc) => {
      delete doc.screens[f.formIndex].uiSchema;
      recipients = `/screens/${doc.screens.findIndex((screen: Json) => screen.filterSchema === 'schemas/filters/recipient.json')}`;
    });
    edit(f.root, FORM, (doc) => (doc.properties.note.format = 'iban'));
    edit(f.root, 'schemas/filters/recipient.json', (doc) => (doc.properties.phoneNumber = { type: 'string', format: 'phone' }));
    expectReported(f.root, 'screens.json', `${f.form}/schema`, /the "iban" field \/note of schemas\/forms\/fixture-payout\.json must use the "iban" input, .*name a uiSchema giving it "ui:widget": "iban"/);
    expectReported(f.root, 'screens.json', `${recipients}/filterSchema`, /the "phone" field \/phoneNumber of schemas\/filters\/recipient\.json must use the "phone" input, .*name a filterUiSchema/);
  });

  it("an import's column filling a field whose rule the import's check does not bring", () => {
    const root = copyOfRepo();
    edit(root, 'schemas/forms/recipient.json', (doc) => (doc.properties.externalId.format = 'iban'));
    expectReported(root, 'schemas/imports/recipient.json', '/columns/4/field', /"externalId" has the format "iban", whose rule the import page's check of a file does not bring \(it brings "phone"\)/);
    // the phone column stays unreported: the import's check brings that rule itself
    expect(lines(root).filter((line) => line.startsWith('schemas/imports/'))).toHaveLength(1);
  });
});

/**
 * The ways a schema a server route loads can be broken, each in its own file so that they can be combined, and the
 * line each must give. Before, the first of them stopped `npm run validate` with the server's stack trace.
 */
const BROKEN_SCHEMAS: Record<string, (root: string) => string> = {
  'a trailing comma': (root) => {
    const file = 'schemas/forms/login.json';
    const text = JSON.stringify(read(root, file), null, 2).replace(/\n}$/, ',\n}');
    fs.writeFileSync(path.join(root, file), text);
    return `${file}: /: invalid JSON: Expected double-quoted property name (line ${text.split('\n').length}, column 1)`;
  },
  'a $ref to a file that does not exist': (root) => {
    edit(root, 'schemas/forms/user.json', (doc) => (doc.properties.type = { $ref: 'user-types.json' }));
    return 'schemas/forms/user.json: /properties/type/$ref: $ref "user-types.json" does not resolve: schemas/forms/user-types.json does not exist';
  },
  'required naming a property that is not there': (root) => {
    let index = 0;
    edit(root, 'schemas/forms/recipient.json', (doc) => (index = doc.required.push('nickname') - 1));
    return `schemas/forms/recipient.json: /required/${index}: required property "nickname" is not defined in "properties"`;
  },
  'an unknown format': (root) => {
    edit(root, 'schemas/forms/customer.json', (doc) => (doc.properties.name.format = 'companyName'));
    return 'schemas/forms/customer.json: /properties/name/format: unknown format "companyName"';
  },
  'an invalid regular expression': (root) => {
    edit(root, 'schemas/forms/program.json', (doc) => (doc.properties.name.pattern = '(unclosed'));
    return 'schemas/forms/program.json: /properties/name/pattern: invalid regular expression "(unclosed": Unterminated group';
  },
  'a maximum that is not a number': (root) => {
    edit(root, 'schemas/forms/myprofile.json', (doc) => (doc.properties.id.maximum = 'ten'));
    return 'schemas/forms/myprofile.json: /properties/id/maximum: must be number';
  },
};

const STACK_TRACE = /^\s+at \S/m;

describe('a broken schema that a server route loads', () => {
  it.each(Object.keys(BROKEN_SCHEMAS))('is reported on its own line: %s', (kind) => {
    const root = copyOfRepo();
    const line = BROKEN_SCHEMAS[kind](root);
    expect(lines(root)).toEqual([line]);
  });

  describe('on the command line, with the server built from the broken copy', { timeout: 180_000 }, () => {
    const tsx = path.join(repo, 'node_modules/.bin/tsx');
    const run = (root: string) => spawnSync(tsx, ['tools/validate.ts'], { cwd: root, encoding: 'utf8', timeout: 170_000 });

    // Two runs: a file the server cannot parse stops it while it registers its routes, the others when it compiles them.
    it('reports an unparsable schema and a broken role matrix, prints no stack trace and exits 1', () => {
      const root = copyOfProject();
      const expected = [BROKEN_SCHEMAS['a trailing comma'](root)];
      const matrix = JSON.stringify(read(root, 'schemas/permissions.json'), null, 2).replace(/\n}$/, ',\n}');
      fs.writeFileSync(path.join(root, 'schemas/permissions.json'), matrix);
      expected.push(`schemas/permissions.json: /: invalid JSON: Expected double-quoted property name (line ${matrix.split('\n').length}, column 1)`);
      const result = run(root);
      expect(result.stdout.trim().split('\n').sort()).toEqual(expected.sort());
      expect(result.stderr).toContain('API calls not checked: the server cannot be built with this configuration');
      expect(result.stderr).toContain('2 problems found');
      expect(`${result.stdout}${result.stderr}`).not.toMatch(STACK_TRACE);
      expect(result.status).toBe(1);
    });

    it('reports every schema the server would refuse to compile, prints no stack trace and exits 1', () => {
      const root = copyOfProject();
      const expected = Object.entries(BROKEN_SCHEMAS).filter(([kind]) => kind !== 'a trailing comma').map(([, breakIt]) => breakIt(root));
      const result = run(root);
      expect(result.stdout.trim().split('\n').sort()).toEqual(expected.sort());
      expect(result.stderr).toContain('API calls not checked');
      expect(`${result.stdout}${result.stderr}`).not.toMatch(STACK_TRACE);
      expect(result.status).toBe(1);
    });

    it('reports a server that fails with a configuration the checks find nothing wrong with', () => {
      const root = copyOfProject();
      fs.appendFileSync(path.join(root, 'src/server/app.ts'), "\nthrow new Error('broken on purpose');\n");
      const result = run(root);
      expect(result.stdout.trim()).toBe('src/server/app.ts: /: the server cannot be built, so API calls are not checked: broken on purpose');
      expect(`${result.stdout}${result.stderr}`).not.toMatch(STACK_TRACE);
      expect(result.status).toBe(1);
    });
  });
});

describe('routes that actions and back buttons open', () => {
  const notAScreen = (route: string) => `route "${route}" is not the route of any screen in screens.json`;

  it('match a screen route, whatever its parameters are named, or a concrete value for a parameter', () => {
    const f = copyWithFixtures();
    edit(f.root, 'screens.json', (doc) => {
      doc.screens[f.tableIndex].rowActions[0].route = '/panel/fixture-payouts/:payoutId/edit';
      doc.screens[f.tableIndex].pageActions = [{ id: 'first', label: 'fixture.actions.edit', route: '/panel/fixture-payouts/1/edit' }];
    });
    expect(lines(f.root)).toEqual(lines(copyOfRepo()));
  });

  it('a row action opening a route no screen has', () => {
    const f = copyWithFixtures();
    edit(f.root, 'screens.json', (doc) => (doc.screens[f.tableIndex].rowActions[0].route = '/panel/fixture-payout/:id/edit'));
    expect(lines(f.root)).toContain(`screens.json: ${f.table}/rowActions/0/route: ${notAScreen('/panel/fixture-payout/:id/edit')}`);
  });

  it('a page action opening a route no screen has', () => {
    const f = copyWithFixtures();
    edit(f.root, 'screens.json', (doc) => {
      doc.screens[f.tableIndex].pageActions = [{ id: 'create', label: 'fixture.actions.edit', route: '/panel/fixture-payouts/create' }];
    });
    expect(lines(f.root)).toContain(`screens.json: ${f.table}/pageActions/0/route: ${notAScreen('/panel/fixture-payouts/create')}`);
  });

  it('a back route no screen has', () => {
    const f = copyWithFixtures();
    edit(f.root, 'screens.json', (doc) => (doc.screens[f.formIndex].backRoute = '/panel/fixture-payout'));
    expect(lines(f.root)).toContain(`screens.json: ${f.form}/backRoute: ${notAScreen('/panel/fixture-payout')}`);
  });
});

describe('limits that leave no value', () => {
  it.each([
    ['minimum above maximum', { type: 'integer', minimum: 10, maximum: 5 }, '/minimum', 'minimum (10) is greater than maximum (5)'],
    ['exclusive limits that meet', { type: 'number', exclusiveMinimum: 5, exclusiveMaximum: 5 }, '/exclusiveMinimum', 'exclusiveMinimum (5) is equal to exclusiveMaximum (5)'],
    ['minimum above exclusiveMaximum', { type: 'number', minimum: 7, exclusiveMaximum: 5 }, '/minimum', 'minimum (7) is greater than exclusiveMaximum (5)'],
    ['minLength above maxLength', { type: 'string', minLength: 200, maxLength: 100 }, '/minLength', 'minLength (200) is greater than maxLength (100)'],
    ['minItems above maxItems', { type: 'array', items: { type: 'string' }, minItems: 3, maxItems: 2 }, '/minItems', 'minItems (3) is greater than maxItems (2)'],
  ])('%s', (_name, property, keyword, message) => {
    const f = copyWithFixtures();
    edit(f.root, FORM, (doc) => (doc.properties.limited = property));
    expect(lines(f.root)).toContain(`${FORM}: /properties/limited${keyword}: ${message}: no value can pass`);
  });

  it('also inside definitions and combined schemas', () => {
    const f = copyWithFixtures();
    edit(f.root, ENTITY, (doc) => (doc.definitions.program.properties.name.allOf = [{ minLength: 3, maxLength: 2 }]));
    expect(lines(f.root)).toContain(
      `${ENTITY}: /definitions/program/properties/name/allOf/0/minLength: minLength (3) is greater than maxLength (2): no value can pass`,
    );
  });
});

describe('permissions no role holds', () => {
  const UNHELD = 'fixture.nobody';
  /** The fixtures plus a declared permission that no role holds. */
  function withUnheldPermission(): Fixture {
    const f = copyWithFixtures();
    edit(f.root, 'schemas/permissions.json', (doc) => doc.permissions.push(UNHELD));
    return f;
  }

  it('on a screen: nobody can open it', () => {
    const f = withUnheldPermission();
    edit(f.root, 'screens.json', (doc) => (doc.screens[f.tableIndex].permissions = [UNHELD]));
    expect(lines(f.root)).toContain(`screens.json: ${f.table}/permissions: no role in schemas/permissions.json holds "${UNHELD}": nobody can open this screen`);
  });

  it('on a nav entry: it shows to nobody', () => {
    const f = withUnheldPermission();
    edit(f.root, 'screens.json', (doc) => (doc.screens[f.tableIndex].nav.permissions = [UNHELD]));
    expect(lines(f.root)).toContain(
      `screens.json: ${f.table}/nav/permissions: no role of ADMIN in schemas/permissions.json holds "${UNHELD}": the navigation entry shows to nobody`,
    );
  });

  it('on a nav entry for user types none of whose roles holds the screen permissions', () => {
    const f = copyWithFixtures();
    const matrix = read(f.root, 'schemas/permissions.json');
    const notRecipients = (matrix.permissions as string[]).find((p) => !matrix.roles.RECIPIENT.includes(p))!;
    edit(f.root, 'screens.json', (doc) => {
      doc.screens[f.tableIndex].permissions = [notRecipients];
      doc.screens[f.tableIndex].nav.userTypes = ['RECIPIENT'];
    });
    expect(lines(f.root)).toContain(
      `screens.json: ${f.table}/nav/userTypes: no role of RECIPIENT in schemas/permissions.json holds "${notRecipients}": the navigation entry shows to nobody`,
    );
  });

  it('the user types the tool knows map to roles as the application maps them', () => {
    for (const [type, roles] of Object.entries(ROLES_OF_USER_TYPE)) {
      const expected = type === 'USER' ? [roleOf('USER', 'GENERAL'), roleOf('USER', 'SPECIAL')] : [roleOf(type as 'ADMIN')];
      expect(roles, type).toEqual(expected);
    }
  });
});

describe('error codes without a message', () => {
  it('a code the validation catalogue can report, missing in one language', () => {
    const [name, entry] = Object.entries(formats)[0];
    const root = copyOfRepo();
    edit(root, 'locales/pl/validation.json', (doc) => delete doc[entry.code]);
    expect(lines(root)).toContain(
      `locales/pl/validation.json: /${entry.code}: no message for error code ${entry.code}, which format "${name}" in src/shared/validation/formats.ts can report`,
    );
  });

  it('an errorCode a schema names, missing in both languages', () => {
    const f = copyWithFixtures();
    edit(f.root, FORM, (doc) => (doc.properties.note.errorCode = 'INVALID_NOTE'));
    expect(lines(f.root)).toEqual([
      `${FORM}: /properties/note/errorCode: error code INVALID_NOTE has no message in locales/en/validation.json and locales/pl/validation.json`,
    ]);
  });

  it('a server error code in one language only', () => {
    const root = copyOfRepo();
    const [code] = Object.keys(read(root, 'locales/en/errors.json'));
    edit(root, 'locales/pl/errors.json', (doc) => delete doc[code]);
    expect(lines(root)).toEqual([`locales/pl/errors.json: /${code}: missing (locales/en/errors.json has "${code}")`]);
  });
});

describe('the dashboard descriptor', () => {
  const dashboardOf = (doc: Json) => doc.screens.findIndex((screen: Json) => screen.kind === 'dashboard');

  it('offers exactly the panels the panel has components and calls for', async () => {
    const { DASHBOARD_PANEL_KINDS } = await import('../../src/shared/dashboard.ts');
    const schema = read(repo, 'schemas/screens.schema.json');
    expect([...schema.definitions.dashboardPanel.properties.panel.enum].sort()).toEqual([...DASHBOARD_PANEL_KINDS].sort());
  });

  it('a panel of an unknown kind, a misspelt property and a limit on a panel that takes none', () => {
    const root = copyOfRepo();
    let at = '';
    edit(root, 'screens.json', (doc) => {
      const index = dashboardOf(doc);
      at = `/screens/${index}`;
      doc.screens[index].panels[0].panel = 'accountOverveiw';
      doc.screens[index].panels[1].widht = 'full';
      doc.screens[index].panels[2].limit = 3;
    });
    expectReported(root, 'screens.json', `${at}/panels/0/panel`, /must be one of: accountOverview, payoutsOverview/);
    expectReported(root, 'screens.json', `${at}/panels/1/widht`, /unknown property/);
    expectReported(root, 'screens.json', `${at}/panels/2/limit`, /./);
  });

  it('a panel title missing in the locales, an unknown permission, a link to no screen and two panels with one id', () => {
    const root = copyOfRepo();
    let at = '';
    edit(root, 'screens.json', (doc) => {
      const index = dashboardOf(doc);
      at = `/screens/${index}`;
      const panels = doc.screens[index].panels;
      panels[0].title = 'dashboard:panels.nothing.title';
      panels[1].permissions = ['statistics.everything'];
      panels[0].link = { route: '/panel/acounts', label: 'dashboard:panels.accountOverview.link' };
      panels[2].id = panels[3].id;
    });
    expectReported(root, 'screens.json', `${at}/panels/0/title`, /dashboard:panels\.nothing\.title/);
    expectReported(root, 'screens.json', `${at}/panels/1/permissions/0`, /unknown permission "statistics\.everything"/);
    expectReported(root, 'screens.json', `${at}/panels/0/link/route`, /route "\/panel\/acounts" is not the route of any screen/);
    expectReported(root, 'screens.json', `${at}/panels/3/id`, /duplicate panel id/);
  });

  it('accepts panels removed and reordered', () => {
    const root = copyOfRepo();
    edit(root, 'screens.json', (doc) => {
      const screen = doc.screens[dashboardOf(doc)];
      screen.panels = [screen.panels[5], screen.panels[0]];
    });
    expect(lines(root)).toEqual([]);
  });
});

describe('a form in tabs', () => {
  it('a tab field the form does not have, a field on two tabs, an untranslated tab title', () => {
    const root = copyOfRepo();
    let at = '';
    let added = 0;
    edit(root, 'screens.json', (doc) => {
      const index = doc.screens.findIndex((screen: Json) => Array.isArray(screen.tabs));
      at = `/screens/${index}`;
      const screenTabs = doc.screens[index].tabs;
      added = screenTabs[0].fields.push('TIME_ZONEE') - 1;
      screenTabs[1].fields.push(screenTabs[0].fields[0]);
      screenTabs[2].title = 'pages:customerSettings.tabs.nothing';
    });
    expectReported(root, 'screens.json', `${at}/tabs/0/fields/${added}`, /"TIME_ZONEE" is not a property of schemas\/forms\/customer-settings\.json/);
    expectReported(root, 'screens.json', `${at}/tabs/1/fields/4`, /is already on tab 1/);
    expectReported(root, 'screens.json', `${at}/tabs/2/title`, /pages:customerSettings\.tabs\.nothing/);
  });
});

describe('the API examples (schemas/api-examples.json)', () => {
  const FILE = 'schemas/api-examples.json';
  /** A key of the file in a JSON pointer ("/" is written "~1"). */
  const entry = (key: string) => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;

  it('a field, a status and a route name the document cannot use, without the server', () => {
    const root = copyOfRepo();
    edit(root, FILE, (doc) => {
      doc['GET /api/payout'].example = doc['GET /api/payout'].responses['200'];
      doc['POST /api/payout'].responses['400'] = { code: 'INSUFFICIENT_FUNDS' };
      doc['payouts list'] = { responses: {} };
      doc['GET /api/account/summary'] = [];
    });
    expectReported(root, FILE, `${entry('GET /api/payout')}/example`, /unknown field \(the fields are request, requestType, query, params, responses, responseType\)/);
    expectReported(root, FILE, `${entry('POST /api/payout')}/responses/400`, /only a success answer \(a 2xx status\) takes an example/);
    expectReported(root, FILE, '/payouts list', /must name a route as "METHOD \/api\/path"/);
    expectReported(root, FILE, entry('GET /api/account/summary'), /must be an object of the route's examples/);
  });

  describe('against the server\'s routes', { timeout: 180_000 }, () => {
    let api: Awaited<ReturnType<typeof import('../../tools/validate/apiRoutes.ts').serverApi>>;
    /** The lines of a copy's report that the untouched copy does not have. */
    let added: (root: string) => string[];

    beforeAll(async () => {
      const { serverApi } = await import('../../tools/validate/apiRoutes.ts');
      api = await serverApi();
      const before = new Set(validate(copyOfRepo(), api.routes, api.apiKeyRoutes).map(formatProblem));
      added = (root) => validate(root, api.routes, api.apiKeyRoutes).map(formatProblem).filter((line) => !before.has(line));
    }, 180_000);

    it('passes the repository\'s examples, one entry for each route an API key can call', () => {
      expect(api.apiKeyRoutes.map((r) => r.key)).toContain('POST /api/payout');
      expect(validate(copyOfRepo(), api.routes, api.apiKeyRoutes).map(formatProblem).filter((line) => line.startsWith(FILE))).toEqual([]);
    });

    it('an entry naming no route, a route an API key cannot call, a parameter named otherwise, and a route left without examples', () => {
      const root = copyOfRepo();
      edit(root, FILE, (doc) => {
        doc['POST /api/payouts'] = doc['POST /api/payout'];
        delete doc['POST /api/payout'];
        doc['GET /api/user'] = { responses: { '200': { items: [], numberOfRecords: 0 } } };
        doc['GET /api/payout/:payoutId'] = doc['GET /api/payout/:id'];
        delete doc['GET /api/payout/:id'];
      });
      expect(added(root).sort()).toEqual(
        [
          `${FILE}: ${entry('POST /api/payouts')}: "POST /api/payouts" is not a route of the server`,
          `${FILE}: ${entry('GET /api/user')}: "GET /api/user" is a route an API key cannot call: the document does not list it`,
          `${FILE}: ${entry('GET /api/payout/:payoutId')}: the server names this route "GET /api/payout/:id"`,
          `${FILE}: /: no examples for "POST /api/payout", a route an API key can call`,
          `${FILE}: /: no examples for "GET /api/payout/:id", a route an API key can call`,
        ].sort(),
      );
    });

    it('examples their routes would refuse or never answer, and a missing one', () => {
      const root = copyOfRepo();
      edit(root, FILE, (doc) => {
        const create = doc['POST /api/payout'];
        create.request.amount = 5;
        create.request.newRecipient.phoneNumber = '601 234 567';
        create.request.currency = 'PLN';
        create.responses['201'].ammount = 150000;
        create.responses['202'] = { accepted: true };
        doc['GET /api/payout'].query.limit = 500;
        doc['GET /api/payout/:id'].params = { payoutId: '1043' };
        delete doc['PUT /api/payout/status'].request;
        doc['GET /api/payout/report'].responses['200'] = { rows: 1 };
      });
      const create = entry('POST /api/payout');
      expect(added(root).sort()).toEqual(
        [
          `${FILE}: ${create}/request/amount: must be >= 10; must be a whole number of cents (a multiple of 10 thousandths)`,
          `${FILE}: ${create}/request/newRecipient/phoneNumber: must match format "phone"`,
          `${FILE}: ${create}/request/currency: unknown property (not allowed here)`,
          `${FILE}: ${create}/responses/201/ammount: not in the route's answer schema: the answer never holds it`,
          `${FILE}: ${create}/responses/202: the route declares no 202 answer (it answers 200, 201)`,
          `${FILE}: ${entry('GET /api/payout')}/query/limit: must be <= 100`,
          `${FILE}: ${entry('GET /api/payout/:id')}/params: missing required property "id"`,
          `${FILE}: ${entry('GET /api/payout/:id')}/params/payoutId: not a path parameter of the route: the server ignores it`,
          `${FILE}: ${entry('PUT /api/payout/status')}: no request example: the route takes a body`,
          `${FILE}: ${entry('GET /api/payout/report')}/responses/200: an answer of text/csv is a text`,
        ].sort(),
      );
    });
  });

  describe('on the command line', { timeout: 180_000 }, () => {
    const tsx = path.join(repo, 'node_modules/.bin/tsx');

    it('reports a broken entry as `file: path: problem`, prints no stack trace and exits 1', async () => {
      const root = copyOfRepo();
      edit(root, FILE, (doc) => {
        doc['POST /api/payout/recipient'].request.phoneNumber = 12;
        doc['DELETE /api/payout/:id'] = { responses: { '204': {} } };
      });
      const result = await validateCommand(root);
      const out = result.stdout.trim().split('\n');
      expect(out.filter((line) => line.startsWith(FILE)).sort()).toEqual(
        [
          `${FILE}: ${entry('POST /api/payout/recipient')}/request/phoneNumber: must be string`,
          `${FILE}: ${entry('DELETE /api/payout/:id')}: "DELETE /api/payout/:id" is not a route of the server`,
        ].sort(),
      );
      expect(`${result.stdout}${result.stderr}`).not.toMatch(STACK_TRACE);
      expect(result.status).toBe(1);
    });

    it('reports an unparsable file on its own line, though the server built from the copy cannot start with it', () => {
      const root = copyOfProject();
      const text = JSON.stringify(read(root, FILE), null, 2).replace(/\n}$/, ',\n}');
      fs.writeFileSync(path.join(root, FILE), text);
      const result = spawnSync(tsx, ['tools/validate.ts'], { cwd: root, encoding: 'utf8', timeout: 170_000 });
      expect(result.stdout.trim().split('\n').filter((line) => line.startsWith(FILE))).toEqual([
        `${FILE}: /: invalid JSON: Expected double-quoted property name (line ${text.split('\n').length}, column 1)`,
      ]);
      expect(result.stderr).toContain('API calls not checked: the server cannot be built with this configuration');
      expect(`${result.stdout}${result.stderr}`).not.toMatch(STACK_TRACE);
      expect(result.status).toBe(1);
    });
  });
});

describe('values the renderer and the server must agree on', () => {
  it('the tones and labels of an enum column, and the labels of a select, against the values of their field', () => {
    const f = copyWithFixtures();
    edit(f.root, ENTITY, (doc) => (doc.properties.state = { type: 'string', enum: ['OPEN', 'CLOSED'] }));
    edit(f.root, 'screens.json', (doc) =>
      doc.screens[f.tableIndex].columns.push({ field: 'state', title: 'fixture.columns.amount', labels: 'fixture.states', tones: { OPEN: 'success', LOST: 'danger' } }),
    );
    edit(f.root, FORM, (doc) => (doc.properties.state = { type: 'string', enum: ['OPEN', 'CLOSED'] }));
    edit(f.root, UI, (doc) => (doc.state = { 'ui:widget': 'select', 'ui:options': { labels: 'fixture.states' } }));
    // CLOSED has no label in either language; GONE labels no value
    edit(f.root, 'locales/en/common.json', (doc) => (doc.fixture.states = { OPEN: 'Open', GONE: 'Gone' }));
    edit(f.root, 'locales/pl/common.json', (doc) => (doc.fixture.states = { OPEN: 'Otwarta', GONE: 'Zniknęła' }));
    const column = `${f.table}/columns/2`;
    expect(lines(f.root).sort()).toEqual(
      [
        `locales/en/common.json: /fixture/states/GONE: "GONE" is not a value of any field "fixture.states" labels, so it is never shown; their values: "OPEN", "CLOSED"`,
        `locales/pl/common.json: /fixture/states/GONE: "GONE" is not a value of any field "fixture.states" labels, so it is never shown; their values: "OPEN", "CLOSED"`,
        `screens.json: ${column}/labels: no label "fixture.states.CLOSED" for the value "CLOSED" of "state" of ${ENTITY} in locales/en/common.json and locales/pl/common.json: the raw value would show instead`,
        `${UI}: /state/ui:options/labels: no label "fixture.states.CLOSED" for the value "CLOSED" of "state" of ${FORM} in locales/en/common.json and locales/pl/common.json: the raw value would show instead`,
        `screens.json: ${column}/tones/LOST: "LOST" is not a value of "state" in ${ENTITY}, so no cell ever gets this tone; its values: "OPEN", "CLOSED"`,
      ].sort(),
    );
  });

  it('an SMS variable button the server never fills', () => {
    const root = copyOfRepo();
    edit(root, 'schemas/forms/payout.ui.json', (doc) => doc.smsMessage['ui:options'].variables.push('PAYOUT_CODE'));
    const at = read(root, 'schemas/forms/payout.ui.json').smsMessage['ui:options'].variables.length - 1;
    expect(lines(root)).toEqual([
      expect.stringMatching(
        new RegExp(`^${escape(`schemas/forms/payout.ui.json: /smsMessage/ui:options/variables/${at}: the server fills no variable "PAYOUT_CODE": the message would be sent with "{PAYOUT_CODE}" in it; it fills `)}.*"PROGRAM_NAME"`),
      ),
    ]);
  });

  it('a remote select label field its source list does not answer', () => {
    const root = copyOfRepo();
    edit(root, 'schemas/filters/payout.ui.json', (doc) => (doc.recipientId['ui:options'].labelFields[1] = 'surname'));
    expect(lines(root)).toEqual([
      expect.stringMatching(
        new RegExp(`^${escape('schemas/filters/payout.ui.json: /recipientId/ui:options/labelFields/1: "surname" is not a field of the rows GET /api/payout/recipient answers (schemas/entities/recipient.json): the option would show nothing for it; fields: ')}.*lastName`),
      ),
    ]);
  });

  it('a text whose placeholders differ from the English one, a plural form counting on its own', () => {
    const root = copyOfRepo();
    edit(root, 'locales/pl/form.json', (doc) => (doc.insertVariable = 'Wstaw {{nazwa}}'));
    edit(root, 'locales/pl/imports.json', (doc) => (doc.more_few = '…i jeszcze kilka problemów.'));
    expect(lines(root)).toEqual([
      'locales/pl/form.json: /insertVariable: lacks {{name}} and has {{nazwa}} (not in the English text): locales/en/form.json has {{name}}',
      'locales/pl/imports.json: /more_few: lacks {{count}}: locales/en/imports.json has {{count}}',
    ]);
  });
});
