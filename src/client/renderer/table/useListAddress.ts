// The list state lives in the address (page, limit, orderBy, order, options), so a link or a reload
// shows the same view and the browser's back button steps back through pages, sorts and filters.
// Every change pushes a history entry; the address is the only copy of the state.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readListQuery, writeListQuery, type ListQuery } from '../../../shared/list-query.ts';

export { effectiveOrder } from './listRequest.ts';

export function useListAddress() {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const query = useMemo(() => readListQuery(new URLSearchParams(search)), [search]);
  const update = useCallback(
    (change: Partial<ListQuery>, { replace = false }: { replace?: boolean } = {}) => {
      setParams(writeListQuery({ ...query, ...change }), { replace });
    },
    [query, setParams],
  );
  return { query, search, update };
}
