// The "Authorization" dialog (AuthorizationHost.tsx opens it and sends the code): the SMS code's field with Cancel and
// Confirm. A wrong code keeps the dialog open with the error on the field.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button.tsx';
import { Modal } from '../ui/Modal.tsx';
import { TextField } from '../ui/TextField.tsx';

export interface AuthorizationDialogProps {
  /** Repeats the waiting request with the code: the field's error, or nothing once the request is answered. */
  confirm: (code: string) => Promise<string | undefined>;
  cancel: () => void;
}

export default function AuthorizationDialog({ confirm, cancel }: AuthorizationDialogProps) {
  const { t } = useTranslation();
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
