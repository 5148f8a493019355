// The period of the dashboard's summaries (payouts, programs and recipients areas): the query string they share,
// its checks, and the instants it names in the customer's TIME_ZONE (src/shared/dashboard.ts). A period is
// `period&year&number`; an explicit range `from`/`to` (ISO, `to` excluded) is accepted instead; neither means every
// payout. Bad combinations are 400s under the field at fault, never a 500.
import {
  PERIOD_MAX_YEAR,
  PERIOD_MIN_YEAR,
  REPORTING_PERIODS,
  lastPeriodNumber,
  periodRange,
  type SummaryPeriodAnswer,
  type SummaryQuery,
} from '../../../shared/dashboard.ts';
import { ValidationFailure, fieldFailure } from '../../errors.ts';
import type { JsonSchema, RequestContext } from '../../toolkit/index.ts';
import { serverMessage } from '../../validation.ts';
import { DEFAULT_TIME_ZONE, customerTimeZone } from '../../platform/settings.ts';

/** The query string of a summary, with the route's own parameters added. */
export function summaryQuerystring(own: Record<string, JsonSchema> = {}): JsonSchema {
  return {
    type: 'object',
    properties: {
      period: { type: 'string', enum: [...REPORTING_PERIODS] },
      year: { type: 'integer', minimum: PERIOD_MIN_YEAR, maximum: PERIOD_MAX_YEAR },
      // The kind's own highest number (4, 12, 52 or 53) is checked with the year, in resolvePeriod.
      number: { type: 'integer', minimum: 1, maximum: 53 },
      from: { type: 'string', format: 'date-time' },
      to: { type: 'string', format: 'date-time' },
      customerId: { type: 'integer', minimum: 1 },
      ...own,
    },
    dependencies: { period: ['year'], year: ['period'], number: ['period'] },
    additionalProperties: false,
  };
}

/** The period answered with every summary (SummaryPeriodAnswer), as a response schema's properties. */
const summaryPeriodProperties: Record<string, JsonSchema> = {
  from: { type: ['string', 'null'], format: 'date-time' },
  to: { type: ['string', 'null'], format: 'date-time' },
  timeZone: { type: 'string' },
};
const summaryPeriodRequired = ['from', 'to', 'timeZone'];

/** A summary's answer schema: the period, then `items` of the row schema, and any further properties. */
export function summaryAnswerSchema(items: JsonSchema, more: Record<string, JsonSchema> = {}): JsonSchema {
  return {
    type: 'object',
    properties: { ...summaryPeriodProperties, ...more, items: { type: 'array', items } },
    required: [...summaryPeriodRequired, ...Object.keys(more), 'items'],
  };
}

/** An answer row's schema: every property required. */
export const summaryRow = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: 'object', properties, required: Object.keys(properties) });

export interface ResolvedPeriod {
  from: Date | null;
  to: Date | null;
  timeZone: string;
}

const failure = (property: string, code: string, params: Record<string, unknown> = {}) =>
  new ValidationFailure([{ property, errors: [{ code, message: serverMessage(code, params) }] }]);

/**
 * The instants a summary covers, read in the acting customer's time zone (a SUPER_ADMIN naming no customer reads
 * the default zone).
 */
export async function resolvePeriod(ctx: RequestContext, query: SummaryQuery): Promise<ResolvedPeriod> {
  const timeZone = ctx.customerId === null ? DEFAULT_TIME_ZONE : await customerTimeZone(ctx.db, ctx.customerId);
  if (query.period !== undefined) {
    if (query.from !== undefined || query.to !== undefined) throw fieldFailure(query.from !== undefined ? 'from' : 'to', 'INVALID_VALUE');
    const year = query.year as number;
    if (query.period !== 'YEARLY') {
      if (query.number === undefined) throw fieldFailure('number', 'REQUIRED');
      const last = lastPeriodNumber(query.period, year);
      if (query.number > last) throw failure('number', 'INVALID_MAX_VALUE', { limit: last });
    }
    // A YEARLY period takes no number; one sent along is ignored.
    const { from, to } = periodRange({ period: query.period, year, number: query.period === 'YEARLY' ? undefined : query.number }, timeZone);
    return { from, to, timeZone };
  }
  const from = query.from === undefined ? null : new Date(query.from);
  const to = query.to === undefined ? null : new Date(query.to);
  if (from && to && to.getTime() <= from.getTime()) throw failure('to', 'INVALID_MIN_DATE', { limit: query.from });
  return { from, to, timeZone };
}

/** The period as the answer states it. */
export function periodAnswer(period: ResolvedPeriod): SummaryPeriodAnswer {
  return { from: period.from?.toISOString() ?? null, to: period.to?.toISOString() ?? null, timeZone: period.timeZone };
}
