// The period picker: the kind (Year, Quarter, Month, Week from Monday), the year and the period's number, with the
// previous, next and current period; or, in the same list, a date range choice (src/shared/datePresets.ts): Last 7
// days, Last 30 days, This month, Last month, Another period (two days) and All time. Each choice applies at once;
// the choice lives in the address.
import { useId, useState } from 'react';
import {
  lastPeriodNumber,
  PERIOD_MAX_YEAR,
  PERIOD_MIN_YEAR,
  periodDays,
  periodOf,
  periodRange,
  REPORTING_PERIODS,
  shiftPeriod,
  type DashboardPeriod,
  type ReportingPeriod,
} from '../../../shared/dashboard.ts';
import { DATE_PRESETS, isRelativePreset, presetDays, type DatePreset } from '../../../shared/datePresets.ts';
import { readWallTime } from '../../../shared/wallClock.ts';
import type { AmountLocale } from '../../../shared/money.ts';
import { useTranslation } from 'react-i18next';
import { isRangeView, type DashboardRange, type DashboardView } from './periodAddress.ts';
import { monthName, weekName } from './periodText.ts';

interface PeriodPickerProps {
  view: DashboardView;
  timeZone: string;
  locale: AmountLocale;
  /** The current instant (the current period, the years offered). */
  now: Date;
  /** The screen's default kind: where a date range goes back to a calendar period. */
  defaultKind: ReportingPeriod;
  onChange: (view: DashboardView) => void;
}

interface RangeFieldsProps {
  range: DashboardRange;
  onChange: (range: DashboardRange) => void;
}

/** The two days of "Another period": applied once both are days and in order. */
function RangeDays({ range, onChange }: RangeFieldsProps) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const [first, setFirst] = useState(range.first ?? '');
  const [last, setLast] = useState(range.last ?? '');
  const reversed = first !== '' && last !== '' && first > last;
  const change = (nextFirst: string, nextLast: string) => {
    setFirst(nextFirst);
    setLast(nextLast);
    if (nextFirst && nextLast && nextFirst <= nextLast) onChange({ preset: 'ANOTHER_PERIOD', first: nextFirst, last: nextLast });
  };
  return (
    <>
      <div className="period-picker-field">
        <label htmlFor={`${id}-from`}>{t('period.from')}</label>
        <input id={`${id}-from`} type="date" className="inline-select" value={first} max={last || undefined} aria-invalid={reversed || undefined} aria-describedby={reversed ? `${id}-error` : undefined} onChange={(event) => change(event.target.value, last)} />
      </div>
      <div className="period-picker-field">
        <label htmlFor={`${id}-to`}>{t('period.to')}</label>
        <input id={`${id}-to`} type="date" className="inline-select" value={last} min={first || undefined} aria-invalid={reversed || undefined} aria-describedby={reversed ? `${id}-error` : undefined} onChange={(event) => change(first, event.target.value)} />
      </div>
      {reversed && (
        <p id={`${id}-error`} className="period-picker-error" role="alert">
          {t('period.reversed')}
        </p>
      )}
    </>
  );
}

const NUMBER_LABEL: Record<Exclude<ReportingPeriod, 'YEARLY'>, string> = { QUARTERLY: 'period.quarter', MONTHLY: 'period.month', WEEKLY: 'period.week' };

export function PeriodPicker({ view, timeZone, locale, now, defaultKind, onChange }: PeriodPickerProps) {
  const { t } = useTranslation('dashboard');
  const id = useId();
  const today = readWallTime(now, timeZone).slice(0, 10);
  // A date range keeps the calendar controls of the current period of the default kind at hand, hidden.
  const period = isRangeView(view) ? periodOf(defaultKind, now, timeZone) : view;
  const current = periodOf(period.period, now, timeZone);
  const lastYear = Math.min(PERIOD_MAX_YEAR, periodOf('YEARLY', now, timeZone).year + 1);
  const years: number[] = [];
  for (let year = Math.max(lastYear, period.year); year >= PERIOD_MIN_YEAR; year -= 1) years.push(year);
  const previous = shiftPeriod(period, -1);
  const next = shiftPeriod(period, 1);

  const changeKind = (kind: ReportingPeriod | DatePreset) => {
    if ((DATE_PRESETS as readonly string[]).includes(kind)) return onChange(rangeOf(kind as DatePreset));
    if (isRangeView(view)) return onChange(periodOf(kind as ReportingPeriod, now, timeZone));
    // The new kind's period holding today when the one shown holds it (this month becomes this week), else holding
    // the shown one's first day (March 2026 becomes Q1 2026).
    const { from, to } = periodRange(period, timeZone);
    const anchor = now >= from && now < to ? now : from;
    onChange(periodOf(kind as ReportingPeriod, anchor, timeZone));
  };
  // "Another period" starts from the days shown: the calendar period's, the preset's, or this month's.
  const rangeOf = (preset: DatePreset): DashboardRange => {
    if (preset !== 'ANOTHER_PERIOD') return { preset };
    if (!isRangeView(view)) return { preset, ...periodDays(view) };
    const { first, last } = presetDays(isRelativePreset(view.preset) ? view.preset : 'THIS_MONTH', today);
    return { preset, first, last };
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
        <select id={`${id}-kind`} className="inline-select" value={isRangeView(view) ? view.preset : view.period} onChange={(event) => changeKind(event.target.value as ReportingPeriod | DatePreset)}>
          <optgroup label={t('period.calendarPeriods')}>
            {REPORTING_PERIODS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`period.kinds.${kind}`)}
              </option>
            ))}
          </optgroup>
          <optgroup label={t('period.dateRanges')}>
            {DATE_PRESETS.map((preset) => (
              <option key={preset} value={preset}>
                {t(`period.presets.${preset}`)}
              </option>
            ))}
          </optgroup>
        </select>
      </div>
      {isRangeView(view) ? (
        view.preset === 'ANOTHER_PERIOD' && <RangeDays key={`${view.first}|${view.last}`} range={view} onChange={onChange} />
      ) : (
        <>
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
        </>
      )}
    </div>
  );
}
