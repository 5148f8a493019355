// Operations that may need an SMS code before they run (the spec's additional authorization; the rule itself
// is src/server/platform/stepUp.ts: a threshold per currency, a code bound to the user, the kind of operation, its amount
// and its parameters). `authorized` asks for the code on the database, outside the operation's transaction, so
// that a wrong code stays charged against the code's tries although the request fails; only then does the
// operation run, in one transaction. The route answers the operation's result, or `{ authorizationRequired:
// true, authorization }` when a code has been sent (authorization: what the code authorises, which the panel's
// Authorization dialog shows: src/shared/stepUp.ts), and the client repeats the same request with `verificationCode`.
// Checks that need no code (the rows exist, the user may act on them) belong before it, so that no SMS is
// sent for an operation that cannot run; they run again inside the transaction where the rows are locked.
import type { FastifyRequest } from 'fastify';
import type { AuthorizationRequired, AuthorizedAccount, StepUpPurpose } from '../../shared/stepUp.ts';
import { requireStepUp } from '../platform/stepUp.ts';
import { statedLanguage } from '../platform/texts.ts';
import { inTransaction, type RequestContext } from './context.ts';
import type { AnyRow } from './fields.ts';

export interface Authorization {
  purpose: StepUpPurpose;
  currency: string;
  /** Thousandths of the currency: the operation's total. */
  amount: number;
  /** The operation's parameters the code is bound to (e.g. the account ids). */
  operation: Record<string, string | number | boolean | null>;
  /** The code of the repeated request. */
  verificationCode?: string | null;
  /** What the user is shown besides the operation and its amount: the account the money leaves (a top-up: enters). */
  account: AuthorizedAccount | null;
  /** A transfer's receiving account. */
  toAccount?: AuthorizedAccount;
  /** How many payouts an approval or an import covers. */
  payouts?: number;
}

/** An account row (an accounts view's item) as the Authorization dialog names it. */
export const authorizedAccount = (row: AnyRow): AuthorizedAccount => ({ id: Number(row.id), name: String(row.name) });

/** The answer when a code has been sent: what it authorises, as the SMS names its sum. */
function authorizationRequired({ purpose, amount, currency, account, toAccount, payouts }: Authorization): AuthorizationRequired {
  return {
    authorizationRequired: true,
    authorization: { operation: purpose, amount, currency, account, ...(toAccount && { toAccount }), ...(payouts !== undefined && { payouts }) },
  };
}

/**
 * Runs `work` in one transaction once the operation is authorized (below the threshold, or the right code),
 * or answers AUTHORIZATION_REQUIRED after sending a code to the acting user's phone. A wrong code is the
 * step-up module's 400 (INVALID_VERIFICATION_CODE), a user without a phone its AUTHORIZATION_PHONE_MISSING.
 */
export async function authorized<T>(
  request: FastifyRequest,
  ctx: RequestContext,
  authorization: Authorization,
  work: (trx: RequestContext) => Promise<T>,
): Promise<T | AuthorizationRequired> {
  const result = await requireStepUp(ctx.db, request.server.outbox, {
    userId: ctx.auth.user.id,
    phoneNumber: ctx.auth.user.phone_number,
    purpose: authorization.purpose,
    currency: authorization.currency,
    amount: authorization.amount,
    operation: authorization.operation,
    verificationCode: authorization.verificationCode,
    language: statedLanguage(request),
  });
  if (result === 'required') return authorizationRequired(authorization);
  return inTransaction(ctx, work);
}
