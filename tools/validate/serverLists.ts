// The server's list routes with what each orders and filters by (the route config of src/server/toolkit/listShape.ts),
// and the indexes its migrations leave: what the default-order and filter-index checks compare screens and filter
// schemas with. Filled by apiRoutes.ts, which builds the server.
import type { ListShape } from '../../src/server/toolkit/listShape.ts';
import type { TableIndex } from './migrationIndexes.ts';

export interface ListRoute {
  /** "GET /api/path", parameters written ":" (apiCall.ts), to match a screen's call. */
  call: string;
  /** As the server names it ("GET /api/account/:id/balanceUpdates"), to be shown. */
  route: string;
  shape: ListShape;
}

export interface ServerLists {
  lists: ListRoute[];
  indexes: TableIndex[];
}
