// The staff users' list, item and form routes, declared (src/server/toolkit/resource.ts).
import type { Resource } from '../../toolkit/index.ts';
import { endSessionsOnNewPassword, userRules, userScope } from './service.ts';

export const users: Resource = {
  ...userScope,
  table: 'users',
  entity: 'entities/user',
  filters: 'filters/user',
  permissions: { read: ['user.read'], manage: ['user.manage'] },
  notFound: 'USER_NOT_FOUND',
  defaultOrder: ['createdAt', 'DESC'],
  search: ['login', 'first_name', 'last_name', 'email', 'phone_number'],
  write: {
    form: 'forms/user',
    unique: {
      users_login_key: { property: 'login', code: 'LOGIN_TAKEN' },
      users_email_key: { property: 'email', code: 'EMAIL_TAKEN' },
    },
    adjust: userRules,
    beforeUpdate: endSessionsOnNewPassword,
  },
};
