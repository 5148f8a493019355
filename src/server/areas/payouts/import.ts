// Payouts from a spreadsheet (POST /api/payout/fromFile; columns in schemas/imports/payout.json, each row checked by
// schemas/forms/payout-import.json): every row is checked before anything is written, as a creation checks one
// payout (the program by name in the account's currency, the end date, the recipient by phone number, new ones
// with their names, blocked ones refused, the program's budget, the recipient's limits, the account's funds) with
// the file's earlier rows counted, and every problem is reported by row and column. Then, when the file's total
// reaches the step-up threshold, one SMS code authorizes the batch, and the whole file is created in one
// transaction (the checks repeated on locked rows), set-based (ledger/payoutsCreate.ts), with the recipients'
// messages queued. A dry run checks and answers the preview: rows, totals, programs.
import type { FastifyPluginAsync } from 'fastify';
import type { FileError } from '../../../shared/imports.ts';
import { fromWallTime, toWallTime } from '../../../shared/zonedTime.ts';
import { writeAudit, type Actor } from '../../audit/log.ts';
import type { Db, Trx } from '../../db/index.ts';
import { AppError, fieldFailure } from '../../errors.ts';
import { importTemplate, loadImport, readImportFile, readUpload, type ImportRow } from '../../imports/index.ts';
import { cellProblem, inFileOrder, rowChecker } from '../../imports/rows.ts';
import { createPayouts, type NewPayout } from '../../ledger/index.ts';
import { languageOf, textIn, type Lang } from '../../modules/texts.ts';
import { actorOf, authorized, requestContext, transactionOf, type AnyRow } from '../../toolkit/index.ts';
import { payingAccount } from './create.ts';
import { queueNewPayoutsSms } from './messages.ts';
import { newReference } from './reference.ts';
import { customerTimeZone, recipientLimits, recipientsUsage, usedBudget } from './rules.ts';

export const payoutImport = loadImport('payout');
const CHUNK = 1_000;

interface Program {
  id: number;
  name: string;
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
  newRecipient: { firstName: string; lastName: string; email: string | null } | null;
  amount: number;
  title: string | null;
  smsMessage: string | null;
  endDate: Date;
}

export interface PayoutImportPreview {
  rows: number;
  totals: { currency: string; amount: number; payouts: number }[];
  programs: string[];
}

interface Checked {
  errors: FileError[];
  planned: Planned[];
}

const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** A business rule's refusal of a cell: the API's message for the code (errors namespace) in the user's language. */
function ruleProblem(lang: Lang, row: ImportRow, field: string, code: string): FileError {
  return { row: row.row, property: row.headers[field] ?? field, errors: [{ code, message: textIn(lang, `errors:${code}`) }] };
}

async function inChunks<T, R>(items: readonly T[], read: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(...(await read(items.slice(i, i + CHUNK))));
  return out;
}

/**
 * Checks the rows against the database as it is (or, in the creating transaction, as it is locked): answers the
 * problems in file order and the rows as they will be created.
 */
async function checkRows(db: Db, account: AnyRow, rows: ImportRow[], lang: Lang, timeZone: string, now = new Date()): Promise<Checked> {
  const customerId = account.customerId as number;
  const check = rowChecker(payoutImport, lang);
  const errors: FileError[] = [];
  const valid = rows.filter((row) => {
    const problems = check(row);
    errors.push(...problems);
    return problems.length === 0;
  });

  const names = [...new Set(valid.map((row) => String(row.data.programName).trim().toLowerCase()))];
  const programs = new Map<string, Program>();
  for (const p of await inChunks(names, (chunk) =>
    db.selectFrom('programs').select(['id', 'name', 'currency', 'budget', 'budget_interval']).where('customer_id', '=', customerId).where((eb) => eb(eb.fn('lower', ['name']), 'in', chunk)).execute(),
  ))
    programs.set(p.name.toLowerCase(), { ...p, budget: Number(p.budget) });
  const phones = [...new Set(valid.map((row) => String(row.data.phoneNumber)))];
  const recipients = new Map<string, { id: number; blocked: boolean }>();
  for (const r of await inChunks(phones, (chunk) => db.selectFrom('recipients').select(['id', 'phone_number', 'blocked']).where('customer_id', '=', customerId).where('phone_number', 'in', chunk).execute()))
    recipients.set(r.phone_number, { id: r.id, blocked: r.blocked });

  const limits = await recipientLimits(db, customerId);
  const usage = limits ? await recipientsUsage(db, [...recipients.values()].map((r) => r.id), timeZone) : new Map<number, { month: number; year: number }>();
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
  for (const row of valid) {
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
    if (!known && (!str(row.data.firstName) || !str(row.data.lastName))) {
      // A new recipient is created with its names (a known number pays the known recipient as it is).
      for (const field of ['firstName', 'lastName']) if (!str(row.data[field])) errors.push(cellProblem(lang, row, field, 'REQUIRED'));
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
      newRecipient: known ? null : { firstName: String(row.data.firstName), lastName: String(row.data.lastName), email: str(row.data.email) },
      amount,
      title: str(row.data.title),
      smsMessage: str(row.data.smsMessage),
      endDate,
    });
  }
  return { errors: inFileOrder(payoutImport, rows, errors), planned };
}

/** What a dry run shows before the user confirms: the rows, the totals per currency, the programs affected. */
export function previewOf(planned: readonly Planned[]): PayoutImportPreview {
  const totals = new Map<string, { currency: string; amount: number; payouts: number }>();
  for (const p of planned) {
    const total = totals.get(p.program.currency) ?? { currency: p.program.currency, amount: 0, payouts: 0 };
    total.amount += p.amount;
    total.payouts += 1;
    totals.set(p.program.currency, total);
  }
  return { rows: planned.length, totals: [...totals.values()], programs: [...new Set(planned.map((p) => p.program.name))].sort() };
}

export async function checkPayoutImport(db: Db, account: AnyRow, rows: ImportRow[], lang: Lang, timeZone: string): Promise<{ errors: FileError[]; preview: PayoutImportPreview }> {
  const checked = await checkRows(db, account, rows, lang, timeZone);
  return { errors: checked.errors, preview: previewOf(checked.planned) };
}

/** References for new payouts: unique among themselves and not yet used. */
async function freshReferences(trx: Trx, count: number): Promise<string[]> {
  const chosen = new Set<string>();
  while (chosen.size < count) {
    const candidates = new Set<string>();
    while (candidates.size < count - chosen.size) {
      const reference = newReference();
      if (!chosen.has(reference)) candidates.add(reference);
    }
    const taken = new Set(
      (await inChunks([...candidates], (chunk) => trx.selectFrom('payouts').select('reference').where('reference', 'in', chunk).execute())).map((r) => r.reference),
    );
    for (const reference of candidates) if (!taken.has(reference)) chosen.add(reference);
  }
  return [...chosen];
}

export class FileProblems extends Error {
  constructor(public readonly errors: FileError[]) {
    super('file errors');
  }
}

/**
 * Creates the file's payouts in the caller's transaction: the programs and the known recipients locked (in that
 * order, as a single creation locks them), the checks repeated on them, new recipients created, then the payouts
 * with their money (the account locked last). Throws FileProblems when a row no longer passes.
 */
export async function createImportedPayouts(trx: Trx, account: AnyRow, rows: ImportRow[], lang: Lang, timeZone: string, actor: Actor, publicUrl: string): Promise<{ created: number; total: number }> {
  const customerId = account.customerId as number;
  // The rows the file names, locked before they are read for the checks: its programs, then its known recipients.
  const names = [...new Set(rows.map((row) => String(row.data.programName ?? '').trim().toLowerCase()))];
  await inChunks(names, (chunk) =>
    trx.selectFrom('programs').select('id').where('customer_id', '=', customerId).where((eb) => eb(eb.fn('lower', ['name']), 'in', chunk)).orderBy('id').forUpdate().execute(),
  );
  // In one id order across the whole file, as any other locker of several recipients takes them.
  const phones = [...new Set(rows.map((row) => String(row.data.phoneNumber ?? '')))];
  const known = await inChunks(phones, (chunk) => trx.selectFrom('recipients').select('id').where('customer_id', '=', customerId).where('phone_number', 'in', chunk).execute());
  const knownIds = known.map((r) => r.id).sort((a, b) => a - b);
  await inChunks(knownIds, (chunk) => trx.selectFrom('recipients').select('id').where('id', 'in', chunk).orderBy('id').forUpdate().execute());
  const fresh = await trx.selectFrom('accounts').select('balance').where('id', '=', account.id as number).executeTakeFirstOrThrow();
  const checked = await checkRows(trx, { ...account, balance: Number(fresh.balance) }, rows, lang, timeZone);
  if (checked.errors.length) throw new FileProblems(checked.errors);

  // New recipients, once per number (the file's first row with the number names it).
  const newByPhone = new Map<string, NonNullable<Planned['newRecipient']>>();
  for (const p of checked.planned) if (p.newRecipient && !newByPhone.has(p.phone)) newByPhone.set(p.phone, p.newRecipient);
  const ids = new Map<string, number>();
  for (const chunk of chunked([...newByPhone])) {
    const made = await trx
      .insertInto('recipients')
      .values(chunk.map(([phone, r]) => ({ customer_id: customerId, phone_number: phone, first_name: r.firstName, last_name: r.lastName, email: r.email, external_id: null, billon_user_name: null })))
      .returning(['id', 'phone_number'])
      .execute();
    for (const r of made) ids.set(r.phone_number, r.id);
  }

  const references = await freshReferences(trx, checked.planned.length);
  const start = new Date();
  const payouts: NewPayout[] = checked.planned.map((p, i) => ({
    reference: references[i],
    programId: p.program.id,
    recipientId: p.recipientId ?? ids.get(p.phone)!,
    amount: p.amount,
    title: p.title,
    smsMessage: p.smsMessage,
    startDate: start,
    endDate: p.endDate,
  }));
  const created = await createPayouts(trx, { accountId: account.id as number, customerId, currency: account.currency as string, status: 'TO_COLLECT', source: 'FROM_FILE', actor, payouts });
  await queueNewPayoutsSms(trx, publicUrl, customerId, created);
  const total = payouts.reduce((sum, p) => sum + p.amount, 0);
  await writeAudit(trx, {
    actor,
    customerId,
    action: 'payout.import',
    entity: 'account',
    entityId: account.id as number,
    after: { created: created.length, total, currency: account.currency, newRecipients: ids.size },
  });
  return { created: created.length, total };
}

function chunked<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * POST {prefix}/fromFile (multipart: file, accountId, dryRun, lang, verificationCode; payout.manage): the preview
 * on a dry run; else the payouts created, or { authorizationRequired } when the file's total needs the SMS code.
 * GET {prefix}/fromFile/template?lang: the template.
 */
export const importRoutes: FastifyPluginAsync = async (app) => {
  app.post('/fromFile', { config: { permissions: ['payout.manage'] } }, async (request) => {
    const upload = await readUpload(request);
    const accountId = /^[1-9][0-9]{0,9}$/.test(upload.fields.accountId ?? '') ? Number(upload.fields.accountId) : null;
    if (accountId === null) throw fieldFailure('accountId', 'REQUIRED');
    const ctx = requestContext(request);
    const account = await payingAccount(ctx, accountId);
    const lang = languageOf(request, upload.fields.lang);
    const timeZone = await customerTimeZone(ctx.db, account.customerId as number);
    const table = await readImportFile(payoutImport, upload.bytes, lang);
    const fileErrors = (errors: FileError[]) => new AppError(400, 'FILE_ERRORS', { fileErrors: errors.slice(0, 1000), numberOfErrors: errors.length });
    if (table.errors.length) throw fileErrors(table.errors);
    const { errors, preview } = await checkPayoutImport(ctx.db, account, table.rows, lang, timeZone);
    if (errors.length) throw fileErrors(errors);
    if (upload.fields.dryRun === 'true') return { ...preview, created: 0, dryRun: true };
    const total = preview.totals.reduce((sum, t) => sum + t.amount, 0);
    const authorization = {
      purpose: 'PAYOUT_IMPORT',
      currency: account.currency as string,
      amount: total,
      operation: { accountId, payouts: preview.rows, total },
      verificationCode: upload.fields.verificationCode ?? null,
    } as const;
    try {
      const result = await authorized(request, ctx, authorization, (trx) =>
        createImportedPayouts(transactionOf(trx), account, table.rows, lang, timeZone, actorOf(trx), request.server.publicUrl),
      );
      if ('authorizationRequired' in result) return result;
      void request.server.outbox.kick();
      return { ...preview, created: result.created, dryRun: false };
    } catch (error) {
      if (error instanceof FileProblems) throw fileErrors(error.errors);
      throw error;
    }
  });

  app.get<{ Querystring: { lang?: string } }>(
    '/fromFile/template',
    {
      config: { permissions: ['payout.manage'] },
      schema: { querystring: { type: 'object', properties: { lang: { type: 'string', enum: ['en', 'pl'] } }, additionalProperties: false } },
    },
    async (request, reply) => {
      const lang = languageOf(request, request.query.lang);
      return importTemplate(reply, payoutImport, lang, lang === 'pl' ? 'wyplaty-szablon.xlsx' : 'payouts-template.xlsx');
    },
  );
};
