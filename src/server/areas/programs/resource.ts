// The programs' list, item, form and delete routes, declared (src/server/toolkit/resource.ts).
import { sql } from 'kysely';
import { customerTimeZone } from '../../platform/settings.ts';
import { untyped, type Resource } from '../../toolkit/index.ts';
import { usedBudgets, usedBudgetsOfEveryCustomer } from '../payouts/rollups.ts';
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
  // What the program's payouts of its current budget interval use (never stored), read from the rollups beside the
  // rows: in the customer's time zone, or across customers (a SUPER_ADMIN naming none) each in its own customer's.
  baseQuery: async (ctx) => {
    const used = ctx.customerId === null ? await usedBudgetsOfEveryCustomer(ctx) : usedBudgets(ctx, await customerTimeZone(ctx.db, ctx.customerId));
    return untyped(ctx.db).selectFrom('programs').leftJoin(sql`${used}`.as('used'), 'used.program_id', 'programs.id');
  },
  fields: { usedBudget: sql`COALESCE(used.used, 0)::bigint` },
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
