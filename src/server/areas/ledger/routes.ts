// The operators' ledger check on demand, under /api/ledger:
//   POST {prefix}/check   (SUPER_ADMIN) runs the check now (src/server/jobs/ledgerCheck.ts) and answers what it found
import type { FastifyPluginAsync } from 'fastify';
import type { LedgerCheckResult } from '../../../shared/ledgerCheck.ts';
import { runLedgerCheck } from '../../jobs/ledgerCheck.ts';
import { loadSchema } from '../../validation.ts';

export const ledgerArea: FastifyPluginAsync = async (app) => {
  app.post(
    '/check',
    { config: { userTypes: ['SUPER_ADMIN'] }, schema: { response: { 200: loadSchema('responses/ledger-check') } } },
    (): Promise<LedgerCheckResult> => runLedgerCheck(app.db, app.log),
  );
};
