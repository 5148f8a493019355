// What an import's card shows at each stage (useImport.ts): the file input, the progress bar, the preview with its
// confirmation, the file's problems.
import { useTranslation } from 'react-i18next';
import type { FileError } from '../../../shared/imports.ts';
import { formatAmount, type AmountLocale } from '../../../shared/money.ts';
import { Button } from '../../ui/Button.tsx';
import { FieldMessage } from '../../ui/FieldMessage.tsx';
import { useLocale } from '../widgets/locale.ts';
import type { Stage } from './useImport.ts';

type StageOf<K extends Stage['kind']> = Extract<Stage, { kind: K }>;

export function FileChoice({ inputId, problem, onChoose }: { inputId: string; problem?: string; onChoose: (file: File | undefined) => void }) {
  const { t } = useTranslation();
  return (
    <div className={`field${problem ? ' field-invalid' : ''}`}>
      <label className="field-label" htmlFor={inputId}>
        {t('imports:file')}
      </label>
      <input
        id={inputId}
        className="import-input"
        type="file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${inputId}-message`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Emptied, so that choosing the same file again is a change too.
          event.target.value = '';
          onChoose(file);
        }}
      />
      <FieldMessage id={`${inputId}-message`} error={problem} info={t('imports:fileInfo')} />
    </div>
  );
}

export function ImportProgress({ inputId, stage }: { inputId: string; stage: StageOf<'checking' | 'importing'> }) {
  const { t } = useTranslation();
  return (
    <div className="import-status">
      <label htmlFor={`${inputId}-progress`}>{t(`imports:steps.${stage.bar.step}`, { name: stage.file.name })}</label>
      <progress id={`${inputId}-progress`} max={100} value={stage.bar.percent} aria-valuetext={`${stage.bar.percent}%`} />
    </div>
  );
}

export function ImportPreview({ stage, onConfirm, onAnother }: { stage: StageOf<'preview'>; onConfirm: () => void; onAnother: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className="import-preview" role="status">
      <p>{t('imports:ready', { count: stage.preview.rows, name: stage.file.name })}</p>
      {stage.preview.totals?.map((total) => (
        <p key={total.currency}>{t('imports:total', { amount: formatAmount(total.amount, { locale: locale as AmountLocale, currency: total.currency }), count: total.payouts })}</p>
      ))}
      {stage.preview.programs?.length ? <p>{t('imports:programs', { names: stage.preview.programs.join(', ') })}</p> : null}
      <div className="form-actions">
        <Button onClick={onConfirm}>{t('imports:confirm')}</Button>
        <Button variant="secondary" onClick={onAnother}>
          {t('imports:another')}
        </Button>
      </div>
    </div>
  );
}

export function ImportErrors({ stage, onAgain }: { stage: StageOf<'errors'>; onAgain: () => void }) {
  const { t } = useTranslation();
  const line = (error: FileError, message: string) =>
    error.property ? t('imports:rowColumn', { row: error.row, column: error.property, message }) : t('imports:row', { row: error.row, message });
  return (
    <div className="import-errors">
      <p className="notice notice-error" role="alert">
        {t('errors:FILE_ERRORS')}
      </p>
      <ul className="import-error-list" tabIndex={0} aria-label={t('imports:errorsLabel')}>
        {stage.errors.flatMap((error, i) => error.errors.map((e, j) => <li key={`${i}-${j}`}>{line(error, e.message)}</li>))}
      </ul>
      {stage.more > 0 && <p>{t('imports:more', { count: stage.more })}</p>}
      <Button onClick={onAgain}>{t('imports:sendAgain')}</Button>
    </div>
  );
}
