// How many of a file's rows one statement of an import takes (src/server/imports/statementRows.ts): short statements
// on the embedded database, which runs on the server's own thread; on a PostgreSQL server, 5,000 rows per look-up (the
// driver reads an answer's rows in one turn of the event loop) and 2,000 payouts per creating statement.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { statementRows } from '../../src/server/imports/statementRows.ts';
import { engine, startApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

it(`tells the ${engine === 'pglite' ? 'embedded database, short statements' : 'PostgreSQL server, large statements'}`, async () => {
  const sizes = await statementRows(t.database.db);
  if (engine === 'pglite') expect(sizes).toEqual({ lookup: 2_000, create: 250, messages: 500 });
  else expect(sizes).toEqual({ lookup: 5_000, create: 2_000, messages: 1_000 });
  // Asked once per database.
  expect(await statementRows(t.database.db)).toBe(sizes);
});
