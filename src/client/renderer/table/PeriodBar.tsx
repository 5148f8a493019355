// The period bar of a table with `period` (an account's statement), in the extras chunk: the date presets that fit
// its longest period (each relative preset is a month at most; "All time" has no end and is not offered) and
// "Another period", whose two dates and "Show" make a period of whole days, checked here before the list asks for it.
// A preset applies at once and stays in the address as such (`{ preset: 'LAST_7_DAYS' }`); the server reads its days.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { FieldMessage } from '../../ui/FieldMessage.tsx';
import { isRelativePreset, RELATIVE_PRESETS, type DatePreset, type RelativePreset } from '../../../shared/datePresets.ts';
import { periodExceedsMonths } from '../../../shared/period.ts';
import { periodFilter, type Period } from './period.ts';
import { periodProblem } from './periodText.ts';
import { useListAddress } from './useListAddress.ts';
import { isRangeFilter } from '../../../shared/list-query.ts';

export interface PeriodBarProps {
  /** The period shown (from the address, or the default one). */
  period: Partial<Period>;
  /** The period's filter field: a preset chosen is written to the address under it. */
  field: string;
  maxMonths: number;
  /** The text for a period longer than maxMonths (the descriptor's `message`, translated). */
  tooLongMessage: string;
  /** Whether the period in force is too long (an address typed by hand): its message shows at once. */
  tooLong: boolean;
  onApply: (period: Period) => void;
}

export function PeriodBar({ period, field, maxMonths, tooLongMessage, tooLong, onApply }: PeriodBarProps) {
  // The presets' names are the dashboard's period texts.
  const { t } = useTranslation(['table', 'dashboard']);
  const id = useId();
  const { query, update } = useListAddress();
  const value = query.options[field];
  const preset = isRangeFilter(value) && isRelativePreset(value.preset) ? value.preset : undefined;
  const onPreset = (next: RelativePreset) =>
    update({
      options: { ...query.options, [field]: { preset: next } },
      page: 1,
    });
  // "Another period" chosen while the address still holds a preset shows the dates until they are applied.
  const [another, setAnother] = useState(false);
  const choice: DatePreset = another || !preset ? 'ANOTHER_PERIOD' : preset;
  const [from, setFrom] = useState(period.from ?? '');
  const [to, setTo] = useState(period.to ?? '');
  const [error, setError] = useState<string | undefined>(tooLong ? tooLongMessage : undefined);
  const errorId = `${id}-error`;

  const choose = (next: DatePreset) => {
    setAnother(next === 'ANOTHER_PERIOD');
    setError(undefined);
    if (isRelativePreset(next)) onPreset(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = periodProblem({ from, to });
    if (problem) {
      setError(t(`period.${problem}`));
      return;
    }
    const [start, end] = periodFilter({ from, to }).between ?? [];
    if (periodExceedsMonths(start as string | null, end as string | null, maxMonths)) {
      setError(tooLongMessage);
      return;
    }
    setError(undefined);
    onApply({ from, to });
  };

  const invalid = error ? true : undefined;
  return (
    <form className="card period-bar" noValidate onSubmit={submit} aria-label={t('period.label')}>
      <div className="period-bar-fields">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-preset`}>
            {t('dashboard:period.label')}
          </label>
          <select id={`${id}-preset`} className="inline-select" value={choice} onChange={(event) => choose(event.target.value as DatePreset)}>
            {[...RELATIVE_PRESETS, 'ANOTHER_PERIOD' as const].map((value) => (
              <option key={value} value={value}>
                {t(`dashboard:period.presets.${value}`)}
              </option>
            ))}
          </select>
        </div>
        {choice === 'ANOTHER_PERIOD' && (
          <>
            <div className="field">
              <label className="field-label" htmlFor={`${id}-from`}>
                {t('period.from')}
              </label>
              <input
                id={`${id}-from`}
                type="date"
                value={from}
                max={to || undefined}
                onChange={(event) => setFrom(event.target.value)}
                aria-invalid={invalid}
                aria-describedby={error ? errorId : undefined}
                required
              />
            </div>
            <div className="field">
              <label className="field-label" htmlFor={`${id}-to`}>
                {t('period.to')}
              </label>
              <input
                id={`${id}-to`}
                type="date"
                value={to}
                min={from || undefined}
                onChange={(event) => setTo(event.target.value)}
                aria-invalid={invalid}
                aria-describedby={error ? errorId : undefined}
                required
              />
            </div>
            <Button type="submit">{t('period.apply')}</Button>
          </>
        )}
      </div>
      <div role="alert">
        <FieldMessage id={errorId} error={error} />
      </div>
    </form>
  );
}
