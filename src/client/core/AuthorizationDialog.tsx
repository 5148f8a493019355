// The "Authorization" dialog (AuthorizationHost.tsx opens it and sends the code): what the code authorises (the
// operation, its amount in the language's money format, the account), then the SMS code's field with Cancel and
// Confirm. A wrong code keeps the dialog open with the error on the field. The texts of what is authorised
// (pages:authorization) are not in any screen's start-up texts: like this file, they come after the first paint.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { accountLabel } from '../../shared/accounts.ts';
import { formatAmount } from '../../shared/money.ts';
import type { AuthorizationSubject } from '../../shared/stepUp.ts';
import { localeOf } from './languageChoice.ts';
import { Button } from '../ui/Button.tsx';
import { Modal } from '../ui/Modal.tsx';
import { TextField } from '../ui/TextField.tsx';

/** The lines of what is authorised, as [label, value]: those the operation has. */
function subjectLines(t: TFunction, language: string, subject: AuthorizationSubject): [string, string][] {
  const transfer = subject.toAccount !== undefined;
  const lines: [string, string][] = [
    [t('pages:authorization.operation'), t(`pages:authorization.operations.${subject.operation}`)],
    [t('pages:authorization.amount'), formatAmount(subject.amount, { locale: localeOf(language), currency: subject.currency })],
    subject.account
      ? [t(transfer ? 'pages:authorization.fromAccount' : 'pages:authorization.account'), accountLabel(subject.account)]
      : [t('pages:authorization.accounts'), t('pages:authorization.severalAccounts')],
  ];
  if (subject.toAccount) lines.push([t('pages:authorization.toAccount'), accountLabel(subject.toAccount)]);
  if (subject.payouts !== undefined) lines.push([t('pages:authorization.payouts'), String(subject.payouts)]);
  return lines;
}

export interface AuthorizationDialogProps {
  /** What the code authorises, as the answer that asked for it says. */
  subject?: AuthorizationSubject;
  /** Repeats the waiting request with the code: the field's error, or nothing once the request is answered. */
  confirm: (code: string) => Promise<string | undefined>;
  cancel: () => void;
}

export default function AuthorizationDialog({ subject, confirm, cancel }: AuthorizationDialogProps) {
  // Waits (Suspense) for the pages texts where they are not in yet.
  const { t, i18n } = useTranslation(['common', 'pages']);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const close = () => {
    cancel();
    setCode('');
    setError(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const problem = await confirm(code.trim());
    setBusy(false);
    setError(problem);
    // The next request in the queue, if any, asks for a code of its own.
    if (!problem) setCode('');
  };

  return (
    <Modal title={t('authorization.title')} onClose={close} size="small">
      <form noValidate onSubmit={submit} className="form">
        {subject && (
          <dl className="authorization-subject">
            {subjectLines(t, i18n.language, subject).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        )}
        <p>{t('authorization.description')}</p>
        <TextField
          name="verificationCode"
          label={t('authorization.verificationCode')}
          value={code}
          onValueChange={(value) => {
            setCode(value);
            setError(undefined);
          }}
          error={error}
          required
          inputMode="numeric"
          autoComplete="one-time-code"
        />
        <div className="form-actions">
          <Button variant="secondary" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('authorization.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
