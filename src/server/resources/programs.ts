// Programs: a named budget in one currency. The budget may never drop below what is used; the
// check runs against the row locked for the update, so a parallel payout cannot slip past it.
import type { Resource } from './crud.ts';
import { fieldFailure } from './crud.ts';
import { toCustomLink } from '../../shared/validation/rules.ts';

export const programsResource: Resource = {
  path: '/api/payout/program',
  table: 'programs',
  entitySchema: 'entities/program',
  formSchema: 'forms/program',
  filterSchema: 'filters/program',
  permissions: { read: ['payout.program.read', 'payout.program.manage'], manage: ['payout.program.manage'] },
  tenant: true,
  notFound: 'PROGRAM_NOT_FOUND',
  defaultOrder: ['createdAt', 'DESC'],
  searchColumns: ['name', 'url'],
  deletable: true,
  unique: {
    programs_name_currency_key: { property: 'name', code: 'PROGRAM_NAME_TAKEN' },
    programs_url_key: { property: 'url', code: 'PROGRAM_URL_TAKEN' },
  },
  adjust(values, body) {
    values.url = typeof body.url === 'string' && body.url.trim() ? toCustomLink(body.url) || null : null;
  },
  async beforeUpdate(_trx, existing, values) {
    if (Number(values.budget) < Number(existing.used_budget)) throw fieldFailure('budget', 'BUDGET_BELOW_USED');
    if (values.currency !== existing.currency && Number(existing.used_budget) > 0) throw fieldFailure('currency', 'INVALID_VALUE');
  },
};
