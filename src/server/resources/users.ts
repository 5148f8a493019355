// Staff users. An ADMIN manages the users of its own customer (never a SUPER_ADMIN);
// a SUPER_ADMIN manages any, naming the customer of a new USER or ADMIN.
import type { Resource } from './crud.ts';
import { fieldFailure } from './crud.ts';
import { hashSecret } from '../modules/auth/secrets.ts';
import { deleteUserSessions } from '../modules/auth/sessions.ts';
import { normalisePhone } from '../../shared/validation/rules.ts';

export const usersResource: Resource = {
  path: '/api/user',
  table: 'users',
  entitySchema: 'entities/user',
  formSchema: 'forms/user',
  filterSchema: 'filters/user',
  permissions: { read: ['user.read'], manage: ['user.manage'] },
  tenant: true,
  notFound: 'USER_NOT_FOUND',
  defaultOrder: ['createdAt', 'DESC'],
  searchColumns: ['login', 'first_name', 'last_name', 'email', 'phone_number'],
  unique: {
    users_login_key: { property: 'login', code: 'LOGIN_TAKEN' },
    users_email_key: { property: 'email', code: 'EMAIL_TAKEN' },
  },
  // Recipients are users of another kind and are not managed here.
  scope: (q) => q.where('users.type', 'in', ['USER', 'ADMIN', 'SUPER_ADMIN']),
  async adjust(values, body, ctx, existing) {
    const actorIsSuper = ctx.auth.user.type === 'SUPER_ADMIN';
    if (body.type === 'SUPER_ADMIN' && !actorIsSuper) throw fieldFailure('type', 'INVALID_USER_TYPE');
    if (existing?.type === 'SUPER_ADMIN' && !actorIsSuper) throw fieldFailure('type', 'INVALID_USER_TYPE');
    // Nobody changes their own type (an admin cannot demote or promote themselves).
    if (existing && existing.id === ctx.auth.user.id && body.type !== existing.type) throw fieldFailure('type', 'INVALID_USER_TYPE');
    values.phone_number = normalisePhone(body.phoneNumber, 'PL');
    values.representative_kind = body.type === 'USER' ? (body.representativeKind ?? 'GENERAL') : null;
    if (body.password) values.password_hash = await hashSecret(body.password);
    // A SUPER_ADMIN belongs to no customer.
    if (!existing && body.type === 'SUPER_ADMIN') values.customer_id = null;
    if (existing && existing.type !== 'SUPER_ADMIN' && body.type === 'SUPER_ADMIN') throw fieldFailure('type', 'INVALID_USER_TYPE');
    if (existing?.type === 'SUPER_ADMIN' && body.type !== 'SUPER_ADMIN') throw fieldFailure('type', 'INVALID_USER_TYPE');
  },
  async beforeUpdate(trx, existing, values, ctx) {
    // A password set by someone else ends every session of the user, as a self-service change and a
    // deactivation do; an admin editing their own record keeps the session they are using.
    if (values.password_hash) await deleteUserSessions(trx, existing.id, existing.id === ctx.auth.user.id ? ctx.auth.sessionId : undefined);
  },
};
