// Payouts from a spreadsheet (POST /api/payout/fromFile; columns in schemas/imports/payout.json, each row checked by
// schemas/forms/payout-import.json): every row is checked before anything is written, as a creation checks one
// payout (the program by name in the account's currency, the end date, the recipient by phone number, new ones
// with their names, blocked ones refused, the program's budget, the recipient's limits, the account's funds) with
// the file's earlier rows counted, and every problem is reported by row and column. Then, when the file's total
// reaches the step-up threshold, one SMS code authorizes the batch, and the whole file is created in one
// transaction (the checks repeated on locked rows), set-based (ledger/payoutsCreate.ts), with the recipients'
// messages queued, in slices that let the server's event loop turn (src/server/platform/eventLoop.ts) and report the import's
// progress; how many rows a statement takes depends on whether the database runs on this thread (statementRows.ts).
// A dry run checks and answers the preview: rows, totals, programs.
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import type { FileError, ImportAnswer } from '../../../shared/imports.ts';
import { fromWallTime, toWallTime } from '../../../shared/zonedTime.ts';
import { writeAudit, type Actor } from '../../audit/log.ts';
import type { Db, Trx } from '../../db/index.ts';
import { AppError, fieldFailure } from '../../errors.ts';
import {
  importAnswer,
  importTemplate,
  importTemplateResponse,
  loadImport,
  prepareImportFile,
  progressOf,
  progressRoute,
  readUpload,
  type ImportRow,
  type PreparedFile,
  type ProgressReport,
} from '../../imports/index.ts';
import { cellProblem, inFileOrder } from '../../imports/rows.ts';
import { inChunks, inSlices, statementRows, type StatementRows } from '../../imports/statementRows.ts';
import { createPayouts, type NewPayout } from '../../ledger/index.ts';
import { Pacer, turn } from '../../platform/eventLoop.ts';
import { languageOf, textIn, type Lang } from '../../platform/texts.ts';
import { actorOf, authorized, authorizedAccount, requestContext, stepUpResponse, transactionOf, type AnyRow } from '../../toolkit/index.ts';
import { payingAccount } from './create.ts';
import { knownRecipients, type KnownRecipients } from './importRecipients.ts';
import { newPayoutsSmsQueue } from './messages.ts';
import { newReferences } from './reference.ts';
import { customerTimeZone } from '../../platform/settings.ts';
import { recipientLimits, recipientsUsage, usedBudget } from './rules.ts';
import { notify } from '../../platform/notifications.ts';
import { queueImportFinished } from '../../platform/webhooks/events.ts';

const payoutImport = loadImport('payout');
/** New recipients per statement: nine parameters each, well within a statement's 65,535. */
const NEW_RECIPIENTS_PER_STATEMENT = 500;

interface Program {
  id: number;
  customer_id: number;
  name: string;
  url: string | null;
  currency: string;
  budget: number;
  budget_interval: 'ONE_TIME' | 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'QUARTERLY' | 'YEARLY';
}

/** A row that passed every check, as it will be created. */
interface Planned {
  row: number;
  program: Program;
  phone: string;
  /** The recipient's id, or the new recipient's details. */
  recipientId: number | null;
  newRecipient: { firstName: string | null; lastName: string | null; email: string | null } | null;
  amount: number;
  title: string | null;
  smsMessage: string | null;
  endDate: Date;
}

type PayoutImportPreview = Required<Pick<ImportAnswer, 'rows' | 'totals' | 'programs'>>;

interface Checked {
  errors: FileError[];
  planned: Planned[];
}

const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** A business rule's refusal of a cell: the API's message for the code (errors namespace) in the user's language. */
function ruleProblem(lang: Lang, row: ImportRow, field: string, code: string): FileError {
  return { row: row.row, property: row.headers[field] ?? field, errors: [{ code, message: textIn(lang, `errors:${code}`) }] };
}

/**
 * Checks the rows the form accepts against the database as it is (or, in the creating transaction, as it is
 * locked): answers the file's problems in file order and the rows as they will be created.
 */
async function checkRows(db: Db, sizes: StatementRows, account: AnyRow, file: PreparedFile, lang: Lang, timeZone: string, report: ProgressReport, locked?: KnownRecipients): Promise<Checked> {
  const now = new Date();
  const customerId = account.customerId as number;
  const errors: FileError[] = [...file.errors];
  const valid = file.valid;
  const pace = new Pacer();

  const names = [...new Set(valid.map((row) => String(row.data.programName).trim().toLowerCase()))];
  const programs = new Map<string, Program>();
  for (const p of await inChunks(names, sizes.lookup, (chunk) =>
    db.selectFrom('programs').select(['id', 'customer_id', 'name', 'url', 'currency', 'budget', 'budget_interval']).where('customer_id', '=', customerId).where(sql<boolean>`lower(name) = ANY(${chunk}::text[])`).execute(),
  ))
    programs.set(p.name.toLowerCase(), { ...p, budget: Number(p.budget) });
  const recipients = locked ?? (await knownRecipients(db, sizes, customerId, valid));

  const limits = await recipientLimits(db, customerId);
  const usage = new Map<number, { month: number; year: number }>();
  if (limits) {
    await inSlices([...recipients.values()].map((r) => r.id), sizes.lookup, async (slice) => {
      for (const [id, used] of await recipientsUsage(db, slice, timeZone)) usage.set(id, used);
    });
  }
  const paid = new Map<string, { month: number; year: number }>();
  const budgets = new Map<number, number>();
  let funds = Number(account.balance);

  // Files repeat a few end dates: each read once (a zone's wall-clock time takes several offset look-ups).
  const instants = new Map<string, Date>();
  const instantOf = (wall: string) => {
    let instant = instants.get(wall);
    if (!instant) instants.set(wall, (instant = fromWallTime(wall, timeZone)));
    return instant;
  };

  const planned: Planned[] = [];
  for (const [i, row] of valid.entries()) {
    if (pace.due()) {
      report('checking', i, valid.length);
      await pace.turn();
    }
    const program = programs.get(String(row.data.programName).trim().toLowerCase());
    if (!program) {
      errors.push(ruleProblem(lang, row, 'programName', 'PROGRAM_NOT_FOUND'));
      continue;
    }
    const currency = String(row.data.currency);
    if (currency !== program.currency || currency !== account.currency) {
      errors.push(ruleProblem(lang, row, 'currency', 'CURRENCY_MISMATCH'));
      continue;
    }
    const endDate = instantOf(String(row.data.endDate));
    if (!(endDate.getTime() > now.getTime())) {
      errors.push(cellProblem(lang, row, 'endDate', 'INVALID_MIN_DATE', { limit: toWallTime(now, timeZone) }));
      continue;
    }
    const phone = String(row.data.phoneNumber);
    const known = recipients.get(phone);
    if (known?.blocked) {
      errors.push(ruleProblem(lang, row, 'phoneNumber', 'RECIPIENT_BLOCKED'));
      continue;
    }
    const amount = Number(row.data.amount);
    if (!budgets.has(program.id)) budgets.set(program.id, await usedBudget(db, program, timeZone));
    if (budgets.get(program.id)! + amount > program.budget) {
      errors.push(ruleProblem(lang, row, 'amount', 'PROGRAM_BUDGET_EXCEEDED'));
      continue;
    }
    if (limits) {
      const used = paid.get(phone) ?? (known ? usage.get(known.id) : undefined) ?? { month: 0, year: 0 };
      const code =
        amount > limits.perTransaction ? 'PER_TRANSACTION_LIMIT_EXCEEDED' : used.month + amount > limits.monthly ? 'MONTHLY_LIMIT_EXCEEDED' : used.year + amount > limits.yearly ? 'YEARLY_LIMIT_EXCEEDED' : null;
      if (code) {
        errors.push(ruleProblem(lang, row, 'amount', code));
        continue;
      }
      paid.set(phone, { month: used.month + amount, year: used.year + amount });
    }
    if (amount > funds) {
      errors.push(ruleProblem(lang, row, 'amount', 'INSUFFICIENT_FUNDS'));
      continue;
    }
    funds -= amount;
    budgets.set(program.id, budgets.get(program.id)! + amount);
    planned.push({
      row: row.row,
      program,
      phone,
      recipientId: known?.id ?? null,
      // A new number creates a recipient with whatever names the row gives, the number alone if none.
      newRecipient: known ? null : { firstName: str(row.data.firstName), lastName: str(row.data.lastName), email: str(row.data.email) },
      amount,
      title: str(row.data.title),
      smsMessage: str(row.data.smsMessage),
      endDate,
    });
  }
  report('checking', valid.length, valid.length);
  return { errors: inFileOrder(payoutImport, file.rows, errors), planned };
}

/** What a dry run shows before the user confirms: the rows, the totals per currency, the programs affected. */
function previewOf(planned: readonly Planned[]): PayoutImportPreview {
  const totals = new Map<string, { currency: string; amount: number; payouts: number }>();
  for (const p of planned) {
    const total = totals.get(p.program.currency) ?? { currency: p.program.currency, amount: 0, payouts: 0 };
    total.amount += p.amount;
    total.payouts += 1;
    totals.set(p.program.currency, total);
  }
  return { rows: planned.length, totals: [...totals.values()], programs: [...new Set(planned.map((p) => p.program.name))].sort() };
}

async function checkPayoutImport(db: Db, sizes: StatementRows, account: AnyRow, file: PreparedFile, lang: Lang, timeZone: string, report: ProgressReport = () => {}): Promise<{ errors: FileError[]; preview: PayoutImportPreview }> {
  const checked = await checkRows(db, sizes, account, file, lang, timeZone, report);
  return { errors: checked.errors, preview: previewOf(checked.planned) };
}

/** References for new payouts: unique among themselves and not yet used; drawn and checked a slice at a time. */
async function freshReferences(trx: Trx, sizes: StatementRows, count: number): Promise<string[]> {
  const chosen = new Set<string>();
  while (chosen.size < count) {
    if (chosen.size > 0) await turn();
    const candidates = [...new Set(newReferences(Math.min(count - chosen.size, sizes.lookup)))].filter((reference) => !chosen.has(reference));
    const taken = new Set((await trx.selectFrom('payouts').select('reference').where(sql<boolean>`reference = ANY(${candidates}::text[])`).execute()).map((r) => r.reference));
    for (const reference of candidates) if (!taken.has(reference)) chosen.add(reference);
  }
  return [...chosen];
}

class FileProblems extends Error {
  constructor(public readonly errors: FileError[]) {
    super('file errors');
  }
}

/**
 * Creates the file's payouts in the caller's transaction: the programs and the known recipients locked (in that
 * order, as a single creation locks them), the checks repeated on them, the import recorded, new recipients
 * created, then the payouts with their money (the account locked last) and their messages, a thousand at a time
 * with the event loop turning between. Throws FileProblems when a row no longer passes.
 */
async function createImportedPayouts(
  trx: Trx,
  sizes: StatementRows,
  account: AnyRow,
  file: PreparedFile,
  lang: Lang,
  timeZone: string,
  actor: Actor,
  publicUrl: string,
  report: ProgressReport = () => {},
): Promise<{ created: number; preview: PayoutImportPreview; importId: number }> {
  const customerId = account.customerId as number;
  // The rows the file names, locked before they are read for the checks: its programs, then its known recipients.
  const names = [...new Set(file.valid.map((row) => String(row.data.programName ?? '').trim().toLowerCase()))];
  await trx.selectFrom('programs').select('id').where('customer_id', '=', customerId).where(sql<boolean>`lower(name) = ANY(${names}::text[])`).orderBy('id').forUpdate().execute();
  const locked = await knownRecipients(trx, sizes, customerId, file.valid, true);
  const fresh = await trx.selectFrom('accounts').select('balance').where('id', '=', account.id as number).executeTakeFirstOrThrow();
  const checked = await checkRows(trx, sizes, { ...account, balance: Number(fresh.balance) }, file, lang, timeZone, report, locked);
  if (checked.errors.length) throw new FileProblems(checked.errors);

  const { id: importId } = await trx
    .insertInto('imports')
    .values({ customer_id: customerId, kind: 'PAYOUTS', rows: checked.planned.length, created_by: actor.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Told in the panel's bell, committed with the import (or not at all).
  if (actor.userId !== null) await notify(trx, [actor.userId], 'importFinished', { count: checked.planned.length });
  // New recipients, once per number (the file's first row with the number names it).
  const newByPhone = new Map<string, NonNullable<Planned['newRecipient']>>();
  for (const p of checked.planned) if (p.newRecipient && !newByPhone.has(p.phone)) newByPhone.set(p.phone, p.newRecipient);
  const ids = new Map<string, number>();
  for (const chunk of chunked([...newByPhone], NEW_RECIPIENTS_PER_STATEMENT)) {
    const made = await trx
      .insertInto('recipients')
      .values(chunk.map(([phone, r]) => ({ customer_id: customerId, phone_number: phone, first_name: r.firstName, last_name: r.lastName, email: r.email, external_id: null, billon_user_name: null, import_id: importId })))
      .returning(['id', 'phone_number'])
      .execute();
    for (const r of made) ids.set(r.phone_number, r.id);
  }

  const references = await freshReferences(trx, sizes, checked.planned.length);
  const customer = await trx.selectFrom('customers').select('url').where('id', '=', customerId).executeTakeFirstOrThrow();
  const queueSms = await newPayoutsSmsQueue(trx, publicUrl, customerId);
  const start = new Date();
  const pace = new Pacer();
  let created = 0;
  let total = 0;
  for (const [n, chunk] of chunked(checked.planned, sizes.create).entries()) {
    report('creating', created, checked.planned.length);
    await pace.turn();
    const payouts: NewPayout[] = chunk.map((p, i) => ({
      reference: references[n * sizes.create + i],
      programId: p.program.id,
      recipientId: p.recipientId ?? ids.get(p.phone)!,
      amount: p.amount,
      title: p.title,
      smsMessage: p.smsMessage,
      startDate: start,
      endDate: p.endDate,
    }));
    const made = await createPayouts(trx, { accountId: account.id as number, customerId, currency: account.currency as string, status: 'TO_COLLECT', source: 'FROM_FILE', importId, actor, payouts });
    await pace.turn();
    // The messages' texts are filled on this thread: a few hundred per statement, the event loop turning between.
    for (let from = 0; from < chunk.length; from += sizes.messages) {
      if (from > 0) await pace.turn();
      await queueSms(
        trx,
        chunk.slice(from, from + sizes.messages).map((p, i) => ({
          phoneNumber: p.phone,
          smsMessage: p.smsMessage,
          programName: p.program.name,
          programUrl: p.program.url,
          customerUrl: customer.url,
          reference: payouts[from + i].reference,
          amount: p.amount,
          currency: account.currency as string,
          endDate: p.endDate,
        })),
      );
    }
    created += made.length;
    total += payouts.reduce((sum, p) => sum + p.amount, 0);
  }
  report('creating', created, checked.planned.length);
  await writeAudit(trx, {
    actor,
    customerId,
    action: 'payout.import',
    entity: 'account',
    entityId: account.id as number,
    after: { importId, created, total, currency: account.currency, newRecipients: ids.size },
  });
  // After the payouts' own events, so an endpoint hears of the import once its payouts are told.
  await queueImportFinished(trx, customerId, { importId, kind: 'PAYOUTS', created });
  return { created, preview: previewOf(checked.planned), importId };
}

function chunked<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * POST {prefix}/fromFile (multipart: file, accountId, dryRun, lang, verificationCode; payout.manage): the preview
 * on a dry run; else the payouts created with the import's id, or { authorizationRequired } when the file's total
 * needs the SMS code. `progressId` names the request's progress: GET {prefix}/fromFile/progress/:progressId.
 * GET {prefix}/fromFile/template?lang: the template.
 */
export const importRoutes: FastifyPluginAsync = async (app) => {
  // The body is a multipart upload, read by readUpload rather than by a schema.
  const response = { 200: stepUpResponse(importAnswer) };
  app.post('/fromFile', { config: { permissions: ['payout.manage'] }, schema: { response } }, async (request): Promise<ImportAnswer | { authorizationRequired: true }> => {
    const upload = await readUpload(request);
    const accountId = /^[1-9][0-9]{0,9}$/.test(upload.fields.accountId ?? '') ? Number(upload.fields.accountId) : null;
    if (accountId === null) throw fieldFailure('accountId', 'REQUIRED');
    const ctx = requestContext(request);
    const account = await payingAccount(ctx, accountId);
    const lang = languageOf(request, upload.fields.lang);
    const progress = progressOf(upload.fields.progressId);
    const sizes = await statementRows(ctx.db);
    try {
      const timeZone = await customerTimeZone(ctx.db, account.customerId as number);
      const file = await prepareImportFile(payoutImport, upload.bytes, lang, progress.report);
      const fileErrors = (errors: FileError[]) => new AppError(400, 'FILE_ERRORS', { fileErrors: errors.slice(0, 1000), numberOfErrors: errors.length });
      if (file.errors.length && file.rows.length === 0) throw fileErrors(file.errors);
      const verificationCode = upload.fields.verificationCode || null;
      // The request that carries the SMS code repeats one whose checks passed a moment ago: they run again, on the
      // locked rows, only in the transaction. Any other request is checked first, so no code is sent for a file
      // that cannot be imported.
      let rows = file.valid.length;
      let total = file.valid.reduce((sum, row) => sum + Number(row.data.amount), 0);
      if (!verificationCode || upload.fields.dryRun === 'true') {
        const { errors, preview } = await checkPayoutImport(ctx.db, sizes, account, file, lang, timeZone, progress.report);
        if (errors.length) throw fileErrors(errors);
        if (upload.fields.dryRun === 'true') return { ...preview, created: 0, dryRun: true };
        ({ rows, total } = { rows: preview.rows, total: preview.totals.reduce((sum, t) => sum + t.amount, 0) });
      } else if (file.errors.length) throw fileErrors(inFileOrder(payoutImport, file.rows, file.errors));
      const authorization = {
        purpose: 'PAYOUT_IMPORT',
        currency: account.currency as string,
        amount: total,
        operation: { accountId, payouts: rows, total },
        verificationCode,
        account: authorizedAccount(account),
        payouts: rows,
      } as const;
      try {
        const result = await authorized(request, ctx, authorization, (trx) =>
          createImportedPayouts(transactionOf(trx), sizes, account, file, lang, timeZone, actorOf(trx), request.server.config.publicUrl, progress.report),
        );
        if ('authorizationRequired' in result) return result;
        void request.server.outbox.kick();
        return { ...result.preview, created: result.created, dryRun: false, importId: result.importId };
      } catch (error) {
        if (error instanceof FileProblems) throw fileErrors(error.errors);
        throw error;
      }
    } finally {
      progress.end();
    }
  });

  progressRoute(app);

  app.get<{ Querystring: { lang?: string } }>(
    '/fromFile/template',
    {
      config: { permissions: ['payout.manage'] },
      schema: { querystring: { type: 'object', properties: { lang: { type: 'string', enum: ['en', 'pl'] } }, additionalProperties: false }, response: importTemplateResponse },
    },
    async (request, reply) => {
      const lang = languageOf(request, request.query.lang);
      return importTemplate(reply, payoutImport, lang, lang === 'pl' ? 'wyplaty-szablon.xlsx' : 'payouts-template.xlsx');
    },
  );
};
