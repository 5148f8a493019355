// The view a list screen shows: the address's, with the default period where a table with `period` names none (the
// last months), whether that period is too long to ask for (refused before any request), and the days it covers (the
// period bar's, and the export file's name). A tuple, as useState gives: names in an object would weigh in the bundle.
import { useMemo } from 'react';
import type { TableScreen } from '../descriptors.ts';
import { periodTooLong, withDefaultPeriod } from './period.ts';
import { periodOf } from './periodText.ts';
import { useListAddress } from './useListAddress.ts';

export function useListView(period: TableScreen['period']) {
  const address = useListAddress();
  const addressQuery = address.query;
  const query = useMemo(() => (period ? withDefaultPeriod(addressQuery, period) : addressQuery), [addressQuery, period]);
  const tooLong = period ? periodTooLong(query.options, period) : false;
  return [address, query, tooLong, period ? (periodOf(query.options[period.field]) ?? {}) : {}] as const;
}
