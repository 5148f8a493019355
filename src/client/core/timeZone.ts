// The time zone the panel shows and reads every date-time in: the customer's TIME_ZONE (from /me), and for a user of
// no customer (a SUPER_ADMIN) the zone the server uses then (src/shared/defaultTimeZone.ts).
import { DEFAULT_TIME_ZONE } from '../../shared/defaultTimeZone.ts';
import { useSession } from './session.tsx';
import type { Me } from './types.ts';

export function timeZoneOf(me: Pick<Me, 'customer'> | undefined): string {
  return me?.customer?.timeZone || DEFAULT_TIME_ZONE;
}

export function usePanelTimeZone(): string {
  return timeZoneOf(useSession().me);
}
