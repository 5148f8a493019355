// The period picker: the kind (Year, Quarter, Month, Week from Monday), the year and the period's number, with the
// previous, next and current period. Each choice applies at once; the period lives in the address.
import { useId } from 'react';
import {
  lastPeriodNumber,
  PERIOD_MAX_YEAR,
  PERIOD_MIN_YEAR,
  periodOf,
  periodRange,
  REPORTING_PERIODS,
  shiftPeriod,
  type DashboardPeriod,
  type ReportingPeriod,
} from '../../../shared/dashboard.ts';
import type { AmountLocale } from '../../../shared/money.ts';
import { useTranslation } from 'react-i18next';
import { monthName, weekName } from './periodText.ts';

interface PeriodPickerProps {
  period: DashboardPeriod;
  timeZone: string;
  locale: AmountLocale;
  /** The current instant (the current period, the years offered). */
  now: Date;
  onChange: (period: DashboardPeriod) => void;
}

const NUMBER_LABEL: Record<Exclude<ReportingPeriod, 'YEARLY'>, string> = { QUARTERLY: 'period.quarter', MONTHLY: 'period.month', WEEKLY: 'period.week' };

export function PeriodPicker({ period, timeZone, locale, now, onChange }: PeriodPickerProps) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const current = periodOf(period.period, now, timeZone);
  const lastYear = Math.min(PERIOD_MAX_YEAR, periodOf('YEARLY', now, timeZone).year + 1);
  const years: number[] = [];
  for (let year = Math.max(lastYear, period.year); year >= PERIOD_MIN_YEAR; year -= 1) years.push(year);
  const previous = shiftPeriod(period, -1);
  const next = shiftPeriod(period, 1);

  const changeKind = (kind: ReportingPeriod) => {
    // The new kind's period holding today when the one shown holds it (this month becomes this week), else holding
    // the shown one's first day (March 2026 becomes Q1 2026).
    const { from, to } = periodRange(period, timeZone);
    const anchor = now >= from && now < to ? now : from;
    onChange(periodOf(kind, anchor, timeZone));
  };
  const changeYear = (year: number) => {
    if (period.period === 'YEARLY') return onChange({ period: 'YEARLY', year });
    onChange({ ...period, year, number: Math.min(period.number ?? 1, lastPeriodNumber(period.period, year)) });
  };
  const numberName = (n: number): string => {
    if (period.period === 'QUARTERLY') return t('period.quarterName', { number: n });
    if (period.period === 'MONTHLY') return monthName(n, locale);
    return weekName({ period: 'WEEKLY', year: period.year, number: n }, locale, t);
  };
  const numbers = period.period === 'YEARLY' ? [] : Array.from({ length: lastPeriodNumber(period.period, period.year) }, (_, i) => i + 1);
  const isCurrent = current.year === period.year && current.number === period.number;

  return (
    // A group, not a form: every choice applies at once, there is nothing to submit, and a form may not take the role
    // group (axe's aria-allowed-role).
    <div className="period-picker" role="group" aria-label={t('period.label')}>
      <div className="period-picker-field">
        <label htmlFor={`${id}-kind`}>{t('period.kind')}</label>
        <select id={`${id}-kind`} className="inline-select" value={period.period} onChange={(event) => changeKind(event.target.value as ReportingPeriod)}>
          {REPORTING_PERIODS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`period.kinds.${kind}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="period-picker-field">
        <label htmlFor={`${id}-year`}>{t('period.year')}</label>
        <select id={`${id}-year`} className="inline-select" value={period.year} onChange={(event) => changeYear(Number(event.target.value))}>
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
      </div>
      {period.period !== 'YEARLY' && (
        <div className="period-picker-field">
          <label htmlFor={`${id}-number`}>{t(NUMBER_LABEL[period.period])}</label>
          <select id={`${id}-number`} className="inline-select" value={period.number} onChange={(event) => onChange({ ...period, number: Number(event.target.value) })}>
            {numbers.map((n) => (
              <option key={n} value={n}>
                {numberName(n)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="period-picker-steps">
        <button type="button" className="btn btn-secondary" disabled={!previous} onClick={() => previous && onChange(previous)} aria-label={t('period.previous')}>
          <span aria-hidden="true">‹</span>
        </button>
        <button type="button" className="btn btn-secondary" disabled={isCurrent} onClick={() => onChange(current)}>
          {t('period.current')}
        </button>
        <button type="button" className="btn btn-secondary" disabled={!next} onClick={() => next && onChange(next)} aria-label={t('period.next')}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </div>
  );
}
