// Bad input is never a 500 and never changes a row. The write routes are listed from the app itself
// (buildApp's onRoute) and each is sent bad bodies derived from its own body schema, so a route added
// later is covered without touching this file. Then the specific cases the rules came from.
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../../src/server/app.ts';
import { databaseFailure } from '../../src/server/db-errors.ts';
import { ValidationFailure } from '../../src/server/errors.ts';
import { registerErrorHandling } from '../../src/server/plugins/errors.ts';
import { registerValidation } from '../../src/server/validation.ts';
import { createAjv } from '../../src/shared/validation/ajv.ts';
import { hasAnyPermission, permissionsOf, type RepresentativeKind, type UserType } from '../../src/shared/permissions.ts';
import { startApp, type TestApp } from './harness.ts';

type Json = Record<string, unknown>;
type Route = Parameters<NonNullable<AppOptions['onRoute']>>[0];

let t: TestApp;
const tokens: Record<string, string> = {};
const CALLERS = ['superadmin', 'admin', 'recipient'] as const;
type Caller = (typeof CALLERS)[number] | 'anonymous';

beforeAll(async () => {
  t = await startApp({ deviceAuthorization: false });
  for (const login of ['superadmin', 'admin'] as const) tokens[login] = await t.login(login);
  // A demo recipient signed in on the collection page, for the recipient's routes.
  const phoneNumber = '+48601000001';
  await t.request({ method: 'POST', url: '/api/payout/recipient/login', payload: { phoneNumber, customerUrl: 'demo' } });
  const signedIn = await t.request({ method: 'POST', url: '/api/payout/recipient/authenticate', payload: { phoneNumber, customerUrl: 'demo', verificationCode: await t.lastCode(phoneNumber) } });
  tokens.recipient = signedIn.body.token;
});
afterAll(async () => t?.close());

/** The routes as buildApp registers them: a second app on the same database, only to be listed. */
async function listRoutes(): Promise<Route[]> {
  const routes: Route[] = [];
  const { app } = await buildApp({ config: t.config, database: t.database, printMessages: false, logger: false, onRoute: (r) => routes.push(r) });
  await app.close();
  return routes;
}

/**
 * Every request to a public sign-in route counts against its source's request limit, bad or not: that is the limit's
 * work (docs/security.md, *Request limits*), so its table is the one whose change is no harm here.
 */
const COUNTS_EVERY_REQUEST = new Set(['rate_limit_windows']);

/** Row count and a hash of the contents of every table (but the request counts). */
async function snapshot(): Promise<Record<string, string>> {
  const db = t.database.db;
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    if (COUNTS_EVERY_REQUEST.has(name)) continue;
    const row = await sql<{ n: number; h: string | null }>`
      SELECT count(*)::int AS n, md5(string_agg(x::text, '|' ORDER BY x::text)) AS h FROM ${sql.table(name)} x`.execute(db);
    out[name] = `${row.rows[0].n} ${row.rows[0].h ?? ''}`;
  }
  return out;
}

// ---------------------------------------------------------------- schema-derived bodies

/** A valid value of each format, for the required fields of a base body. */
const FORMAT_SAMPLES: Record<string, string> = {
  password: 'Sample12!',
  username: 'sample1',
  email: 'sample@example.com',
  phone: '+48600111222',
  personName: 'Anna',
  nameChars: 'Anna',
  beneficiaryName: 'Anna Nowak',
  billonUserName: 'sample1',
  money: '10.00',
  payoutAmount: '10.00',
  positiveInteger: '1',
  digits: '1',
  twoDigits: '12',
  sortCode: '12-34-56',
  tin: '5260250274',
  pesel: '44051401359',
  regon: '123456785',
  iban: 'PL61109010140000071219812874',
  safeUrl: 'https://example.com',
  webhookUrl: 'https://hooks.example.com/payouts',
  httpUrl: 'https://hooks.example.com/payouts',
  senderName: 'Sample',
  postalCode: '00-950',
  industryCode: '62.01.Z',
  asciiText: 'sample',
  limitedPunctuation: 'Sample',
  customLink: 'sample-link',
  smsText: 'Sample {PASS}',
  dateTime: '2024-01-01 10:00:00',
  date: '2024-01-01',
  'date-time': '2024-01-01T10:00:00Z',
};
/** Texts tried, in order, against a pattern with no format. */
const PATTERN_CANDIDATES = ['Sample {PASS}', 'PLN', 'PL', '#336699', 'sample'];

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const plainAjv = createAjv({ removeAdditional: true });
/**
 * Whether the schema accepts a body, judged here independently of the server's code: the plain
 * schema, after the documented rule that a blank text property counts as absent.
 */
function accepts(schema: Json, body: unknown): boolean {
  const copy = structuredClone(body);
  if (isObj(copy)) for (const [k, v] of Object.entries(copy)) if (typeof v === 'string' && v.trim() === '') delete copy[k];
  return plainAjv.validate(schema, copy);
}
const typesOf = (s: Json): string[] => (Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : []);

function sample(s: Json): unknown {
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const type = typesOf(s).find((x) => x !== 'null');
  switch (type) {
    case 'boolean':
      return false;
    case 'integer':
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 1;
      return Math.max(min, 1) <= (typeof s.maximum === 'number' ? s.maximum : Infinity) ? Math.max(min, 1) : min;
    }
    case 'array':
      return typeof s.minItems === 'number' && s.minItems > 0 && isObj(s.items) ? [sample(s.items)] : [];
    case 'object':
      return sampleObject(s);
    case 'string': {
      if (typeof s.format === 'string') {
        if (!(s.format in FORMAT_SAMPLES)) throw new Error(`no sample for the format ${s.format}: add one to FORMAT_SAMPLES`);
        return FORMAT_SAMPLES[s.format];
      }
      if (typeof s.pattern === 'string') {
        const re = new RegExp(s.pattern, 'u');
        const hit = PATTERN_CANDIDATES.find((c) => re.test(c));
        if (!hit) throw new Error(`no sample for the pattern ${s.pattern}: add one to PATTERN_CANDIDATES`);
        return hit;
      }
      return 'sample';
    }
    default:
      return 'sample';
  }
}

/** The required properties, then whatever the validator still asks for (if/then/else, minProperties). */
function sampleObject(schema: Json): Json {
  const props = (isObj(schema.properties) ? schema.properties : {}) as Record<string, Json>;
  const body: Json = {};
  const add = (name: string) => {
    if (isObj(props[name])) body[name] = sample(props[name]);
  };
  for (const name of (schema.required as string[] | undefined) ?? []) add(name);
  for (let round = 0; round < 3 && !accepts(schema, body); round++) {
    for (const e of plainAjv.errors ?? []) {
      const missing = (e.params as { missingProperty?: string }).missingProperty;
      if (e.instancePath === '' && missing) add(missing);
      if (e.keyword === 'minProperties') add(Object.keys(props).find((p) => !(p in body)) ?? '');
    }
  }
  return body;
}

interface Case {
  label: string;
  /** A JSON value (sent as JSON), or raw text with its content type, or nothing at all. */
  payload?: unknown;
  raw?: string;
  /** Sent even when the schema accepts it (a reference the database must check). */
  always?: boolean;
}

const WRONG_VALUES: [string, unknown][] = [
  ['number', 12345],
  ['string', 'text'],
  ['boolean', true],
  ['array', []],
  ['object', {}],
];

function jsonTypeOf(v: unknown): string {
  return Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v;
}

/** Bad bodies from the route's schema, each a change of one property of a valid base (plus whole-body ones). */
function badBodies(schema: Json, base: Json, referencesHonoured: (name: string) => boolean): Case[] {
  const props = (isObj(schema.properties) ? schema.properties : {}) as Record<string, Json>;
  const cases: Case[] = [
    { label: 'no body', raw: undefined },
    { label: 'empty JSON text', raw: '' },
    { label: 'malformed JSON', raw: '{"a":' },
    { label: '__proto__ key', raw: JSON.stringify(base).replace(/^\{/, '{"__proto__":{"polluted":true},') },
    { label: 'constructor.prototype key', raw: JSON.stringify(base).replace(/^\{/, '{"constructor":{"prototype":{"polluted":true}},') },
    { label: 'array instead of object', payload: [base] },
    { label: 'string instead of object', payload: 'text' },
    { label: 'null body', payload: null },
    { label: 'empty object', payload: {} },
    { label: 'every text blank', payload: Object.fromEntries(Object.entries(base).map(([k, v]) => [k, typeof v === 'string' ? '   ' : v])) },
    { label: 'every value null', payload: Object.fromEntries(Object.keys(base).map((k) => [k, null])) },
  ];
  for (const [name, s] of Object.entries(props)) {
    const types = typesOf(s);
    const numeric = types.includes('number') || types.includes('integer');
    for (const [label, value] of WRONG_VALUES) {
      const t = jsonTypeOf(value);
      if (types.includes(t) || (t === 'number' && numeric)) continue;
      cases.push({ label: `${name}: ${label} instead of ${types.join('|')}`, payload: { ...base, [name]: value } });
    }
    if (!types.includes('null')) cases.push({ label: `${name}: null`, payload: { ...base, [name]: null } });
    if (types.includes('string')) {
      cases.push({ label: `${name}: blank`, payload: { ...base, [name]: '   ' } });
      cases.push({ label: `${name}: empty`, payload: { ...base, [name]: '' } });
      if (typeof s.maxLength === 'number') cases.push({ label: `${name}: maxLength + 1`, payload: { ...base, [name]: 'a'.repeat(s.maxLength + 1) } });
      cases.push({ label: `${name}: 1 MB`, payload: { ...base, [name]: 'a'.repeat(1 << 20) } });
      cases.push({ label: `${name}: __proto__ object`, payload: { ...base, [name]: JSON.parse('{"__proto__":{"polluted":true}}') } });
    }
    if (numeric) {
      if (typeof s.minimum === 'number') cases.push({ label: `${name}: below minimum`, payload: { ...base, [name]: s.minimum - 1 } });
      if (typeof s.maximum === 'number') cases.push({ label: `${name}: above maximum`, payload: { ...base, [name]: s.maximum + 1 } });
      cases.push({ label: `${name}: fraction`, payload: { ...base, [name]: 1.5 } });
      // An id, or a field naming a row by its id: a row that does not exist, and an id beyond the column's range.
      if (types.includes('integer') && (name === 'id' || name.endsWith('Id')) && referencesHonoured(name)) {
        cases.push({ label: `${name}: missing row`, payload: { ...base, [name]: 2_000_000_000 }, always: true });
        cases.push({ label: `${name}: beyond the id range`, payload: { ...base, [name]: 99_999_999_999 }, always: true });
      }
    }
  }
  return cases;
}

/** A 4xx that says what is wrong: `{ code, message }` or validationErrors with a message each. */
function explains(status: number, body: any): string | null {
  if (status < 400 || status >= 500) return `status ${status}: ${JSON.stringify(body)?.slice(0, 300)}`;
  if (!isObj(body)) return `status ${status} without a JSON body`;
  if (Array.isArray(body.validationErrors)) {
    const ok =
      body.validationErrors.length > 0 &&
      body.validationErrors.every(
        (f: any) => typeof f.property === 'string' && Array.isArray(f.errors) && f.errors.length > 0 && f.errors.every((e: any) => typeof e.code === 'string' && typeof e.message === 'string' && e.message.length > 0),
      );
    return ok ? null : `validationErrors without messages: ${JSON.stringify(body)}`;
  }
  return typeof body.code === 'string' && typeof body.message === 'string' && body.message.length > 0 ? null : `no code and message: ${JSON.stringify(body)}`;
}

const USER_TYPES: Record<(typeof CALLERS)[number], [UserType, RepresentativeKind | null]> = { superadmin: ['SUPER_ADMIN', null], admin: ['ADMIN', null], recipient: ['RECIPIENT', null] };

function callersOf(route: Route): Caller[] {
  if (route.config?.public) return ['anonymous'];
  return CALLERS.filter((c) => hasAnyPermission(permissionsOf(...USER_TYPES[c]), route.config?.permissions));
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Path parameters that are not row ids, with patterns of their own: an image's key, an import's progress token. */
const NOT_IDS = new Set(['key', 'progressId']);

describe('every write route refuses bad bodies', () => {
  it('answers each with a 4xx and a message, never a 500, and changes no row', async () => {
    const routes = (await listRoutes()).flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({ ...r, method })));
    const writes = routes.filter((r) => WRITE_METHODS.has(r.method) && isObj(r.schema?.body));
    // The routes known today must be among them; anything added later is covered as well.
    expect(writes.map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining([
        'POST /api/user',
        'PUT /api/payout/program',
        'POST /api/login',
        'PUT /api/settings',
        'POST /api/account',
        'PUT /api/account/changeName',
        'PUT /api/account/representative',
        'POST /api/account/topUp',
        'POST /api/account/transfer',
      ]));

    const problems: string[] = [];
    let sent = 0;
    for (const route of writes) {
      const schema = route.schema!.body as Json;
      const callers = callersOf(route);
      if (!callers.length) problems.push(`${route.method} ${route.url}: neither superadmin, admin nor a recipient may call it`);
      for (const caller of callers) {
        const token = caller === 'anonymous' ? undefined : tokens[caller];
        // An update starts from a row the caller can see, so only the bad part is wrong.
        let base = sampleObject(schema);
        if (isObj(schema.properties) && 'id' in schema.properties && route.method === 'PUT') {
          const list = await t.request({ method: 'GET', url: `${route.url}?limit=1`, token });
          const row = list.body?.items?.[0] as Json | undefined;
          if (row) base = Object.fromEntries(Object.entries(row).filter(([k, v]) => k in (schema.properties as Json) && v !== null && k !== 'customerId'));
        }
        if (!accepts(schema, base)) {
          problems.push(`${route.method} ${route.url}: no valid base body (${JSON.stringify(plainAjv.errors?.map((e) => [e.instancePath, e.message]))})`);
          continue;
        }
        // customerId names the tenant only when a SUPER_ADMIN creates a row (docs/architecture.md, tenancy.ts); elsewhere it is ignored.
        const honoured = (name: string) => name === 'id' || (caller === 'superadmin' && route.method === 'POST');
        const before = await snapshot();
        for (const c of badBodies(schema, base, honoured)) {
          if ('payload' in c && !c.always && accepts(schema, c.payload)) continue; // the schema accepts it: not bad input
          const options =
            'payload' in c
              ? { payload: JSON.stringify(c.payload), headers: { 'content-type': 'application/json' } }
              : c.raw === undefined
                ? {}
                : { payload: c.raw, headers: { 'content-type': 'application/json' } };
          const res = await t.request({ method: route.method as 'POST', url: route.url, token, ...options });
          sent++;
          const problem = explains(res.status, res.body);
          if (problem) problems.push(`${route.method} ${route.url} as ${caller}, ${c.label}: ${problem}`);
        }
        const after = await snapshot();
        for (const table of Object.keys({ ...before, ...after })) {
          if (before[table] !== after[table]) problems.push(`${route.method} ${route.url} as ${caller}: table ${table} changed`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(200);
    expect(({} as Json).polluted).toBeUndefined();
  }, 300_000);

  it('refuses every malformed id in a path with 400, on every route with a path parameter, nested ones included', async () => {
    const routes = (await listRoutes()).flatMap((r) => (Array.isArray(r.method) ? r.method : [r.method]).map((method) => ({ ...r, method })));
    const withParams = routes.filter((r) => /:\w/.test(r.url) && r.method !== 'HEAD');
    // The routes known today must be among them; anything added later is covered as well.
    expect(withParams.map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining([
      'GET /api/customer/settings/:customerId/payoutNotificationDetails',
      'GET /api/customer/settings/:customerId/modules',
      'POST /api/integration/keys/:id/revoke',
      'POST /api/notification/:id/read',
      'GET /api/account/:id/balanceUpdates',
    ]));
    const program = await t.database.db.selectFrom('programs').select('id').orderBy('id').executeTakeFirstOrThrow();
    const customer = await t.database.db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow();
    // An id written any way but plainly: around ids of rows that exist (1, the demo customer, a program).
    const malformed = (n: number) => [`%20${n}`, `${n}%20`, `+${n}`, `0${n}`, `${n}.0`, `${n}e0`, `${n}%00`, `0x${n}`, `${n}abc`];
    const bad = [...new Set([...malformed(1), ...malformed(customer.id), ...malformed(program.id), '0', '-1', '0x1', 'abc', '9'.repeat(30), '99999999999'])];
    const problems: string[] = [];
    let sent = 0;
    const before = await snapshot();
    for (const route of withParams) {
      const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
      for (const name of names.filter((n) => !NOT_IDS.has(n))) {
        for (const caller of callersOf(route)) {
          const token = caller === 'anonymous' ? undefined : tokens[caller];
          const url = (value: string) => route.url.replace(/:(\w+)/g, (_, n: string) => (n === name ? value : '1'));
          // A caller turned away whatever the id (a role the permission list does not tell apart) may be turned away here too.
          // A DELETE is asked about an id no row has, so that asking removes nothing (a recipient's bank account 1 exists).
          const refused = (await t.request({ method: route.method as 'GET', url: url(route.method === 'DELETE' ? '999999999' : '1'), token })).status === 403;
          for (const id of bad) {
            const res = await t.request({ method: route.method as 'GET', url: url(id), token });
            sent++;
            const expected = res.status === 400 || (refused && res.status === 403);
            const problem = expected ? explains(res.status, res.body) : `status ${res.status}: ${JSON.stringify(res.body)?.slice(0, 200)}`;
            if (problem) problems.push(`${route.method} ${route.url} as ${caller}, ${name} ${id}: ${problem}`);
          }
          // Well formed but beyond the column's range: bad input or not found, never a 500.
          const beyond = await t.request({ method: route.method as 'GET', url: url('9999999999'), token });
          const problem = explains(beyond.status, beyond.body);
          if (problem) problems.push(`${route.method} ${route.url} as ${caller}, ${name} 9999999999: ${problem}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(100);
    expect(await snapshot()).toEqual(before);
  });
});

describe('the cases behind the rules', () => {
  const program = { name: 'Blank test', currency: 'PLN', budget: 1000, budgetInterval: 'DAILY' };
  const field = (res: { body: any }, property: string) => res.body.validationErrors?.find((e: { property: string }) => e.property === property)?.errors.map((e: { code: string }) => e.code);

  it('a name of spaces is REQUIRED, on create and update, for programs and customers', async () => {
    const post = await t.request({ method: 'POST', url: '/api/payout/program', token: tokens.admin, payload: { ...program, name: '   ' } });
    expect(post.status).toBe(400);
    expect(field(post, 'name')).toEqual(['REQUIRED']);
    const created = await t.request({ method: 'POST', url: '/api/payout/program', token: tokens.admin, payload: program });
    expect(created.status).toBe(201);
    const put = await t.request({ method: 'PUT', url: '/api/payout/program', token: tokens.admin, payload: { ...program, id: created.body.id, name: '   ' } });
    expect(put.status).toBe(400);
    expect(field(put, 'name')).toEqual(['REQUIRED']);

    const customer = await t.request({ method: 'POST', url: '/api/customer', token: tokens.superadmin, payload: { name: ' \t ', url: 'blank-name' } });
    expect(customer.status).toBe(400);
    expect(field(customer, 'name')).toEqual(['REQUIRED']);
    const demo = await t.database.db.selectFrom('customers').select('id').where('url', '=', 'demo').executeTakeFirstOrThrow();
    const customerPut = await t.request({ method: 'PUT', url: '/api/customer', token: tokens.superadmin, payload: { id: demo.id, name: '   ', url: 'demo' } });
    expect(customerPut.status).toBe(400);
    expect(field(customerPut, 'name')).toEqual(['REQUIRED']);
  });

  it('stores text trimmed and a blank optional field as null', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/payout/recipient',
      token: tokens.admin,
      payload: { firstName: '  Jan ', lastName: ' Trimmed ', phoneNumber: ' +48600222333 ', email: '   ', externalId: '  ' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ firstName: 'Jan', lastName: 'Trimmed', phoneNumber: '+48600222333', email: null, externalId: null });
  });

  it('keeps passwords exactly as typed', async () => {
    const password = ' Spaced12! ';
    const res = await t.request({
      method: 'POST',
      url: '/api/user',
      token: tokens.admin,
      payload: { login: 'spaced1', password, firstName: 'Sara', lastName: 'Spacja', phoneNumber: '+48600333444', email: 'spaced@demo.example.com', type: 'ADMIN' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await t.login('spaced1', password)).toBeTruthy();
    const trimmed = await t.request({ method: 'POST', url: '/api/login', payload: { login: 'spaced1', password: password.trim() } });
    expect(trimmed.status).toBe(400);
  });

  it('normalises an IBAN by its format, in every body validated by the app', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    registerValidation(app);
    const schema = {
      type: 'object',
      properties: { iban: { type: 'string', format: 'iban' }, list: { type: 'array', items: { type: 'string', format: 'iban' } } },
    };
    app.post('/echo', { schema: { body: schema } }, async (request) => request.body);
    const ok = await app.inject({ method: 'POST', url: '/echo', payload: { iban: ' pl61 1090 1014 0000 0712 1981 2874 ', list: ['de89 3704 0044 0532 0130 00'] } });
    expect(ok.json()).toEqual({ iban: 'PL61109010140000071219812874', list: ['DE89370400440532013000'] });
    const bad = await app.inject({ method: 'POST', url: '/echo', payload: { iban: 'pl61 1090 1014 0000 0712 1981 2875' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().validationErrors[0]).toMatchObject({ property: 'iban', errors: [{ code: 'INVALID_IBAN' }] });
    await app.close();
  });

  it('a reference to a missing row is a 400 under the field', async () => {
    const before = await snapshot();
    const res = await t.request({
      method: 'POST',
      url: '/api/user',
      token: tokens.superadmin,
      payload: { customerId: 999999, login: 'orphan1', password: 'Orphan12!', firstName: 'Olek', lastName: 'Sierota', phoneNumber: '+48600444555', email: 'orphan@example.com', type: 'ADMIN' },
    });
    expect(res.status).toBe(400);
    expect(res.body.validationErrors).toEqual([{ property: 'customerId', errors: [{ code: 'REFERENCE_NOT_FOUND', message: 'The selected item does not exist.' }] }]);
    expect(await snapshot()).toEqual(before);
  });

  it('maps the database refusals to the field: not null, foreign key', async () => {
    const db = t.database.db;
    const refused = async (work: () => Promise<unknown>) => {
      try {
        await work();
      } catch (err) {
        return databaseFailure(err);
      }
      throw new Error('the database accepted it');
    };
    const notNull = await refused(() => db.insertInto('programs').values({ customer_id: 1, name: null as unknown as string, currency: 'PLN', budget: 10, budget_interval: 'DAILY' }).execute());
    expect(notNull).toBeInstanceOf(ValidationFailure);
    expect((notNull as ValidationFailure).validationErrors).toEqual([{ property: 'name', errors: [{ code: 'REQUIRED', message: 'Field required' }] }]);
    const foreign = await refused(() => db.insertInto('recipients').values({ customer_id: 999999, first_name: 'A', last_name: 'B', phone_number: '+48600555666' }).execute());
    expect((foreign as ValidationFailure).validationErrors).toEqual([{ property: 'customerId', errors: [expect.objectContaining({ code: 'REFERENCE_NOT_FOUND' })] }]);
    expect(databaseFailure(new Error('connection lost'))).toBeNull();
  });

  it('path ids are strict: DELETE /api/payout/program/%201 deletes nothing', async () => {
    const created = await t.request({ method: 'POST', url: '/api/payout/program', token: tokens.admin, payload: { ...program, name: 'Strict id' } });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    for (const path of [`%20${id}`, `+${id}`, `0${id}`, `${id}%20`]) {
      const res = await t.request({ method: 'DELETE', url: `/api/payout/program/${path}`, token: tokens.admin });
      expect(res.status, path).toBe(400);
      expect(res.body.validationErrors[0].property).toBe('id');
    }
    expect((await t.request({ method: 'GET', url: `/api/payout/program/${id}`, token: tokens.admin })).status).toBe(200);
    expect((await t.request({ method: 'DELETE', url: `/api/payout/program/${id}`, token: tokens.admin })).status).toBe(204);
  });
});
