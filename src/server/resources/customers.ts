// Customers (tenants), managed by the SUPER_ADMIN.
import type { Resource } from './crud.ts';

export const customersResource: Resource = {
  path: '/api/customer',
  table: 'customers',
  entitySchema: 'entities/customer',
  formSchema: 'forms/customer',
  filterSchema: 'filters/customer',
  permissions: { read: ['customer.read'], manage: ['customer.manage'] },
  tenant: false,
  notFound: 'CUSTOMER_NOT_FOUND',
  defaultOrder: ['createdAt', 'DESC'],
  searchColumns: ['name', 'url'],
  unique: {
    customers_name_key: { property: 'name', code: 'CUSTOMER_NAME_TAKEN' },
    customers_url_key: { property: 'url', code: 'CUSTOMER_URL_TAKEN' },
  },
};
