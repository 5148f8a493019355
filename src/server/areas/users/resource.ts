// The staff users' list, item and form routes, declared (src/server/toolkit/resource.ts).
import { refuseTakenIdentities } from '../../identities.ts';
import type { Resource } from '../../toolkit/index.ts';
import { userIdentities } from './identities.ts';
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
    // A taken login or e-mail: checked after the password's hash, so that a refusal takes as long as a success would.
    adjust: async (ctx, values, body, existing) => {
      await userRules(ctx, values, body, existing);
      await refuseTakenIdentities(ctx, userIdentities, body, existing);
    },
    beforeUpdate: endSessionsOnNewPassword,
  },
};
