// What only some tables have, in a chunk of its own (renderer/chunks.ts) so that other lists do not carry it: the
// period bar of a table with `period` (an account's statement), the "Export to xlsx" button of one with `export`, and
// the record shown above one with `record` (its card too).
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { FieldMessage } from '../../ui/FieldMessage.tsx';
import type { ExportInput } from './exportXlsx.ts';
import { periodExceedsMonths } from '../../../shared/period.ts';
import { periodFilter, type Period } from './period.ts';
import { periodProblem } from './periodText.ts';

export { BulkBar } from './BulkBar.tsx';
export { RecordCardView } from './RecordCardView.tsx';
export { LoadedDetails } from './LoadedDetails.tsx';

export interface PeriodBarProps {
  /** The period shown (from the address, or the default one). */
  period: Partial<Period>;
  maxMonths: number;
  /** The text for a period longer than maxMonths (the descriptor's `message`, translated). */
  tooLongMessage: string;
  /** Whether the period in force is too long (an address typed by hand): its message shows at once. */
  tooLong: boolean;
  onApply: (period: Period) => void;
}

/** Two dates and "Show": a period of whole days, checked here before the list asks for it. */
export function PeriodBar({ period, maxMonths, tooLongMessage, tooLong, onApply }: PeriodBarProps) {
  const { t } = useTranslation('table');
  const id = useId();
  const [from, setFrom] = useState(period.from ?? '');
  const [to, setTo] = useState(period.to ?? '');
  const [error, setError] = useState<string | undefined>(tooLong ? tooLongMessage : undefined);
  const errorId = `${id}-error`;

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
          <label className="field-label" htmlFor={`${id}-from`}>
            {t('period.from')}
          </label>
          <input id={`${id}-from`} type="date" value={from} max={to || undefined} onChange={(event) => setFrom(event.target.value)} aria-invalid={invalid} aria-describedby={error ? errorId : undefined} required />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-to`}>
            {t('period.to')}
          </label>
          <input id={`${id}-to`} type="date" value={to} min={from || undefined} onChange={(event) => setTo(event.target.value)} aria-invalid={invalid} aria-describedby={error ? errorId : undefined} required />
        </div>
        <Button type="submit">{t('period.apply')}</Button>
      </div>
      <div role="alert">
        <FieldMessage id={errorId} error={error} />
      </div>
    </form>
  );
}

export interface ExportButtonProps {
  label: string;
  /** Everything the export needs, made when it is pressed (the rows are fetched then). */
  input: () => ExportInput;
  disabled?: boolean;
}

/** "Export to xlsx": the export's code and the xlsx library load when it is pressed. */
export function ExportButton({ label, input, disabled }: ExportButtonProps) {
  const { t } = useTranslation('table');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const run = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const { exportTable } = await import('./exportXlsx.ts');
      await exportTable(input());
    } catch (error) {
      console.error(error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" loading={busy} disabled={disabled} onClick={() => void run()}>
        {busy ? t('export.working') : label}
      </Button>
      {failed && (
        <Alert onDismiss={() => setFailed(false)}>{t('export.failed')}</Alert>
      )}
    </>
  );
}

export interface ReportButtonsProps {
  label: string;
  formats: readonly ('xlsx' | 'csv')[];
  /** Downloads the report in a format (the list's filters and the language are the caller's). */
  run: (format: 'xlsx' | 'csv') => Promise<void>;
  disabled?: boolean;
}

/** "Generate report": one button per format; the server writes the file of the list's current filters. */
export function ReportButtons({ label, formats, run, disabled }: ReportButtonsProps) {
  const { t } = useTranslation('table');
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const start = async (format: 'xlsx' | 'csv') => {
    setBusy(format);
    setFailed(false);
    try {
      await run(format);
    } catch (error) {
      console.error(error);
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      {formats.map((format, i) => (
        <Button key={format} variant="secondary" loading={busy === format} disabled={disabled || busy !== null} onClick={() => void start(format)}>
          {busy === format ? t('export.working') : i === 0 ? `${label} (${format})` : format.toUpperCase()}
        </Button>
      ))}
      {failed && <Alert onDismiss={() => setFailed(false)}>{t('export.failed')}</Alert>}
    </>
  );
}
