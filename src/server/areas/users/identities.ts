// A staff user's identities: the login and the e-mail, each unique over every customer (migration 001), compared as
// their indexes compare them (lower case). Who may learn which one is taken: src/server/identities.ts.
import { sql, type Expression } from 'kysely';
import type { IdentityTable } from '../../identities.ts';
import { userScope } from './service.ts';

const lower = (value: Expression<unknown>) => sql`lower(${value})`;

export const userIdentities: IdentityTable = {
  table: 'users',
  columns: { login: lower, email: lower },
  identities: [
    { property: 'login', code: 'LOGIN_TAKEN' },
    { property: 'email', code: 'EMAIL_TAKEN' },
  ],
  read: ['user.read'],
  scope: userScope,
};
