// What only some tables have, in a chunk of its own (renderer/chunks.ts) so that other lists do not carry it: the
// period bar of a table with `period` (an account's statement), the "Export to xlsx" button of one with `export`, and
// the record shown above one with `record` (its card too).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import type { ExportInput } from './exportXlsx.ts';

export { BulkBar } from './BulkBar.tsx';
export { PeriodBar } from './PeriodBar.tsx';
export { RecordCardView } from './RecordCardView.tsx';
export { LoadedDetails } from './LoadedDetails.tsx';

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
