// A value of an answer the user must take now (a new API key's secret, shown only once): its explanation, the value
// in a read-only field to select, and a copy button.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from './CopyButton.tsx';

export function AnswerValue({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="answer-value">
      <label htmlFor={id}>{label}</label>
      <input id={id} className="answer-value-text" readOnly value={value} onFocus={(event) => event.currentTarget.select()} />
      <CopyButton text={value} label={t('common.copy')} accessibleLabel={t('common.copyValue', { label })} copiedText={t('common.copied')} failedText={t('common.copyFailed')} />
    </div>
  );
}
