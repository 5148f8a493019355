// Routes the shared contracts (src/shared) promise before the server has them: a screen may name one while the
// server's engineer builds it. The API-call check notes such a call as awaiting the server instead of refusing it;
// once the server registers the route it is checked as any other. Kept apart from apiRoutes.ts so that the checks
// load without the server's code.
import { ACCOUNT_ROUTES } from '../../src/shared/accounts.ts';
import { AUDIT_ROUTES } from '../../src/shared/audit.ts';
import { normaliseCall } from './apiCall.ts';

const CONTRACTS: { file: string; routes: readonly string[] }[] = [
  { file: 'src/shared/accounts.ts', routes: ACCOUNT_ROUTES },
  { file: 'src/shared/audit.ts', routes: AUDIT_ROUTES },
];

/** Normalised call ("GET /api/account/:") -> the contract file that declares it. */
export const CONTRACT_ROUTES: ReadonlyMap<string, string> = new Map(
  CONTRACTS.flatMap(({ file, routes }) =>
    routes.map((route): [string, string] => {
      const [method, url] = route.split(' ');
      return [normaliseCall(method, url), file];
    }),
  ),
);
