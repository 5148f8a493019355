// Staff users. An ADMIN manages the users of its own customer (never a SUPER_ADMIN); a SUPER_ADMIN
// manages any, naming the customer of a new USER or ADMIN. Recipients are users of another kind and
// are not managed here.
import { sql } from 'kysely';
import { fieldFailure } from '../../errors.ts';
import { hashPassword } from '../../platform/auth/secrets.ts';
import { deleteUserSessions } from '../../platform/auth/sessions.ts';
import { STAFF_TYPES } from '../../platform/users.ts';
import type { AnyRow, RequestContext, Scope } from '../../toolkit/index.ts';
import { normalisePhone } from '../../../shared/validation/rules.ts';

/** Staff users belong to a customer (a SUPER_ADMIN to none); recipients' logins are not staff. */
export const userScope: Scope = {
  tenancy: { column: 'users.customer_id' },
  visible: () => sql<boolean>`users.type in (${sql.join([...STAFF_TYPES])})`,
};

/** Who may set which type, the phone number's stored form, the representative kind and the password hash. */
export async function userRules(ctx: RequestContext, values: AnyRow, body: AnyRow, existing: AnyRow | null): Promise<void> {
  const actorIsSuper = ctx.auth.user.type === 'SUPER_ADMIN';
  if (body.type === 'SUPER_ADMIN' && !actorIsSuper) throw fieldFailure('type', 'INVALID_USER_TYPE');
  if (existing?.type === 'SUPER_ADMIN' && !actorIsSuper) throw fieldFailure('type', 'INVALID_USER_TYPE');
  // Nobody changes their own type (an admin cannot demote or promote themselves).
  if (existing && existing.id === ctx.auth.user.id && body.type !== existing.type) throw fieldFailure('type', 'INVALID_USER_TYPE');
  values.phone_number = normalisePhone(body.phoneNumber, 'PL');
  values.representative_kind = body.type === 'USER' ? (body.representativeKind ?? 'GENERAL') : null;
  if (body.password) values.password_hash = await hashPassword(body.password);
  // A SUPER_ADMIN belongs to no customer.
  if (!existing && body.type === 'SUPER_ADMIN') values.customer_id = null;
  if (existing && existing.type !== 'SUPER_ADMIN' && body.type === 'SUPER_ADMIN') throw fieldFailure('type', 'INVALID_USER_TYPE');
  if (existing?.type === 'SUPER_ADMIN' && body.type !== 'SUPER_ADMIN') throw fieldFailure('type', 'INVALID_USER_TYPE');
}

/**
 * A password set by someone else ends every session of the user, as a self-service change and a
 * deactivation do; an admin editing their own record keeps the session they are using.
 */
export async function endSessionsOnNewPassword(ctx: RequestContext, existing: AnyRow, values: AnyRow): Promise<void> {
  if (values.password_hash) await deleteUserSessions(ctx.db, existing.id, existing.id === ctx.auth.user.id ? (ctx.auth.sessionId ?? undefined) : undefined);
}
