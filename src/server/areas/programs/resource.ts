// The programs' list, item, form and delete routes, declared (src/server/toolkit/resource.ts).
import type { Resource } from '../../toolkit/index.ts';
import { usedBudgetOfProgramRow } from '../payouts/rules.ts';
import { checkBudget, programScope, tidyProgram } from './service.ts';

export const programs: Resource = {
  ...programScope,
  table: 'programs',
  entity: 'entities/program',
  filters: 'filters/program',
  permissions: { read: ['payout.program.read', 'payout.program.manage'], manage: ['payout.program.manage'] },
  notFound: 'PROGRAM_NOT_FOUND',
  defaultOrder: ['createdAt', 'DESC'],
  search: ['name', 'url'],
  // What the program's payouts of its current budget interval use (never stored).
  fields: { usedBudget: usedBudgetOfProgramRow },
  deletable: true,
  write: {
    form: 'forms/program',
    unique: {
      programs_name_currency_key: { property: 'name', code: 'PROGRAM_NAME_TAKEN' },
      programs_url_key: { property: 'url', code: 'PROGRAM_URL_TAKEN' },
    },
    adjust: tidyProgram,
    beforeUpdate: checkBudget,
  },
};
