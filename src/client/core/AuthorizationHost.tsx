// The "Authorization" dialog: when an answer says authorizationRequired, ask for the SMS code and
// repeat the saved request with it. A wrong code keeps the dialog open with the error on the field.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button.tsx';
import { Modal } from '../ui/Modal.tsx';
import { TextField } from '../ui/TextField.tsx';
import { configureApi } from './api.ts';
import { ApiError, AuthorizationCancelledError } from './apiError.ts';
import { errorMessage, validationMessage } from './fieldErrors.ts';

interface PendingAuthorization {
  retry: (verificationCode: string) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

export function AuthorizationHost() {
  const { t } = useTranslation();
  const [queue, setQueue] = useState<PendingAuthorization[]>([]);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const current = queue[0];
  const currentRef = useRef(current);
  currentRef.current = current;

  useEffect(
    () =>
      configureApi({
        authorize: <T,>(retry: (verificationCode: string) => Promise<T>) =>
          new Promise<T>((resolve, reject) => {
            setQueue((items) => [...items, { retry, resolve: resolve as (value: unknown) => void, reject }]);
          }),
      }),
    [],
  );

  const finish = () => {
    setQueue((items) => items.slice(1));
    setCode('');
    setError(undefined);
    setBusy(false);
  };

  const cancel = () => {
    currentRef.current?.reject(new AuthorizationCancelledError());
    finish();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const pending = currentRef.current;
    if (!pending || busy) return;
    if (!code.trim()) {
      setError(validationMessage(t, 'REQUIRED'));
      return;
    }
    setBusy(true);
    try {
      const result = await pending.retry(code.trim());
      pending.resolve(result);
      finish();
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'INVALID_VERIFICATION_CODE') {
        setError(errorMessage(t, failure.code, failure.message));
        setBusy(false);
        return;
      }
      pending.reject(failure);
      finish();
    }
  };

  if (!current) return null;
  return (
    <Modal title={t('authorization.title')} onClose={cancel} size="small">
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
          <Button variant="secondary" onClick={cancel}>
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
