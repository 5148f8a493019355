// `npm run bench -- limits`: what counting the request limits in the database adds to a request. Timed in turn in
// one run (medians): a login of the demo admin through the API (its route counted per source), the count alone as
// the product makes it (src/server/platform/rateLimitStore.ts: one upsert), and the floor of any statement, a bare
// `SELECT 1` on the same database.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../src/server/db/index.ts';
import { RequestCounter } from '../src/server/platform/rateLimitStore.ts';

const WARM_UPS = 10;
const RUNS = 41;

export async function limitsBench(database: DatabaseHandle, app: FastifyInstance): Promise<void> {
  const counter = new RequestCounter(database.db, app.log);
  let n = 0;
  const work: [string, () => Promise<unknown>][] = [
    ['a login (POST /api/login, password, no device step)', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: { login: 'admin', password: 'Demo123!' } });
      if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
    }],
    ['the count of one request (the upsert)', () => counter.count(`bench:${n++ % 100}`, 60_000)],
    ['floor: SELECT 1', () => sql`SELECT 1`.execute(database.db)],
  ];
  const times: number[][] = work.map(() => []);
  for (let i = 0; i < WARM_UPS + RUNS; i++) {
    for (const [k, [, run]] of work.entries()) {
      const t0 = performance.now();
      await run();
      if (i >= WARM_UPS) times[k].push(performance.now() - t0);
    }
  }
  console.log(`\nRequest limits counted in the database, ${database.engine} (medians of ${RUNS}, in turn, after ${WARM_UPS} warm-ups):\n`);
  console.log('| work | median |');
  console.log('|---|---|');
  for (const [k, [label]] of work.entries()) console.log(`| ${label} | ${[...times[k]].sort((a, b) => a - b)[Math.floor(RUNS / 2)].toFixed(2)} ms |`);
}
