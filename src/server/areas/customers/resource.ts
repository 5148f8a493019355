// Customers (tenants), managed by the SUPER_ADMIN: their list, item and form routes, declared
// (src/server/toolkit/resource.ts). Customers belong to no customer, so no tenancy applies.
import { RESERVED_CUSTOMER_URLS } from '../../../shared/reservedUrls.ts';
import { fieldFailure } from '../../errors.ts';
import type { Resource } from '../../toolkit/index.ts';

export const customers: Resource = {
  table: 'customers',
  entity: 'entities/customer',
  filters: 'filters/customer',
  permissions: { read: ['customer.read'], manage: ['customer.manage'] },
  tenancy: false,
  notFound: 'CUSTOMER_NOT_FOUND',
  defaultOrder: ['createdAt', 'DESC'],
  search: ['name', 'url'],
  write: {
    form: 'forms/customer',
    adjust: (_ctx, values) => {
      if (typeof values.url === 'string' && RESERVED_CUSTOMER_URLS.includes(values.url)) throw fieldFailure('url', 'CUSTOMER_URL_RESERVED');
    },
    unique: {
      customers_name_key: { property: 'name', code: 'CUSTOMER_NAME_TAKEN' },
      customers_url_key: { property: 'url', code: 'CUSTOMER_URL_TAKEN' },
    },
  },
};
