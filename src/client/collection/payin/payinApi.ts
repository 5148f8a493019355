// The pay-in page's one call (contract in src/shared/payin.ts), and what the page shows when it fails.
import { api } from '../../core/api.ts';
import { ApiError } from '../../core/apiError.ts';
import type { PayinPage } from '../../../shared/payin.ts';
import { isTechnicalBreak } from '../pageApi.ts';

export type PayinResult = { kind: 'page'; page: PayinPage } | { kind: 'notFound' } | { kind: 'unavailable' } | { kind: 'break' };

export async function loadPayinPage(address: { customerUrl?: string }): Promise<PayinResult> {
  try {
    return { kind: 'page', page: await api.get<PayinPage>('/payout/collection/payin', { query: { ...address }, quiet: true }) };
  } catch (error) {
    if (isTechnicalBreak(error)) return { kind: 'break' };
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { kind: 'notFound' };
    return { kind: 'unavailable' };
  }
}
