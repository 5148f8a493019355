// `tsx tests/e2e/server.ts`: the browser tests' server, the product's own (src/server/main.ts, every setting from the
// environment), hashing at the tests' cost as the API tests' servers do (tests/hash-cost.ts): the demo users' stored
// hashes in the run's seeded data are made at it (seeded-data-dir.ts), so each sign-in checks at it.
import { useTestHashCost } from '../hash-cost.ts';

useTestHashCost();
await import('../../src/server/main.ts');
