// `tsx tests/e2e/seeded-data-dir.ts DIR`: a data directory with every migration applied and the demo data seeded,
// made once per browser run (by `npm test` beside the client build, else by playwright.config.ts). Every server of
// the run starts from a copy of it: creating the embedded database, migrating and seeding took about 8 s of CPU for
// each of the five servers a run starts.
import { mkdirSync } from 'node:fs';
import { openDatabase } from '../../src/server/db/index.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { seedDemo } from '../../src/server/seed/demo.ts';
import { useTestHashCost } from '../hash-cost.ts';

const [dir] = process.argv.slice(2);
if (!dir) throw new Error('Usage: tsx tests/e2e/seeded-data-dir.ts DIR');
// The demo users' passwords hashed at the cost of the run's servers (server.ts).
useTestHashCost();
mkdirSync(dir, { recursive: true });
const database = await openDatabase({ dataDir: dir });
await migrate(database);
await seedDemo(database.db, process.env.DEMO_PASSWORD ?? 'Demo123!');
await database.close();
