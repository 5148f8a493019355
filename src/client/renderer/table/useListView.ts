// The view a list screen shows: the address's, with the default period where a table with `period` names none (the
// last months, of the customer's zone), whether that period is too long to ask for (refused before any request), and the days it covers (the
// period bar's, and the export file's name). A tuple, as useState gives: names in an object would weigh in the bundle.
import { useMemo } from 'react';
import { usePanelTimeZone } from '../../core/timeZone.ts';
import type { TableScreen } from '../descriptors.ts';
import { periodTooLong, withDefaultPeriod } from './period.ts';
import { periodOf } from './periodText.ts';
import { useListAddress } from './useListAddress.ts';

export function useListView(period: TableScreen['period']) {
  const address = useListAddress();
  const addressQuery = address.query;
  const timeZone = usePanelTimeZone();
  const query = useMemo(() => (period ? withDefaultPeriod(addressQuery, period, new Date(), timeZone) : addressQuery), [addressQuery, period, timeZone]);
  const tooLong = period ? periodTooLong(query.options, period) : false;
  return [address, query, tooLong, period ? (periodOf(query.options[period.field], timeZone) ?? {}) : {}] as const;
}
