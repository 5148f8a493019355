// Links from a panel's figures to the payouts list, filtered to the payouts counted (status, program or recipient,
// and the period's creation dates); none when the user may not open the list.
import { createdAtFilter, type SummaryPeriodAnswer } from '../../../shared/dashboard.ts';
import { writeListQuery } from '../../../shared/list-query.ts';
import { hasAnyPermission } from '../../../shared/permissionCheck.ts';
import { SCREENS } from '../../core/screens.ts';
import { useSession } from '../../core/session.tsx';

/** The payouts list's screen id in screens.json. */
const PAYOUTS_SCREEN = 'payouts';

export type PayoutsHref = (filters: Record<string, unknown>, period: SummaryPeriodAnswer) => string;

export function usePayoutsHref(): PayoutsHref | null {
  const { me } = useSession();
  const screen = SCREENS.find((candidate) => candidate.id === PAYOUTS_SCREEN);
  if (!screen || !hasAnyPermission(me?.permissions, screen.permissions)) return null;
  return (filters, period) => {
    const createdAt = period.from === null && period.to === null ? undefined : createdAtFilter(period);
    return `${screen.route}?${writeListQuery({ options: { ...filters, ...(createdAt ? { createdAt } : {}) } }).toString()}`;
  };
}
