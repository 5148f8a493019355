// Step 2: the SMS code. A wrong or expired code and a number without payouts read the same (the server's
// INVALID_VERIFICATION_CODE); too many tries block the number as they block staff.
import { useState, type FormEvent } from 'react';
import { useFormState } from '../core/useFormState.ts';
import { Button } from '../ui/Button.tsx';
import { TextField } from '../ui/TextField.tsx';
import { failureOf } from './failures.ts';
import { askForCode, signIn, type Page } from './pageApi.ts';
import { Message, StepHeading } from './StepHeading.tsx';
import { useText } from './texts.ts';

export function CodeStep({ page, phone, onSignedIn, onChangePhone }: { page: Page; phone: string; onSignedIn: () => void; onChangePhone: () => void }) {
  const { t } = useText();
  const form = useFormState({ verificationCode: '' });
  const [busy, setBusy] = useState<'code' | 'resend' | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setMessage(null);
    const code = form.values.verificationCode.trim();
    if (!code) return form.setErrors({ verificationCode: t('validation:REQUIRED') });
    setBusy('code');
    try {
      await signIn(page, phone, code);
      onSignedIn();
    } catch (error) {
      const failure = failureOf(error, t, ['verificationCode']);
      if (failure.message && (error as { code?: string }).code === 'INVALID_VERIFICATION_CODE') form.setErrors({ verificationCode: failure.message });
      else {
        form.setErrors(failure.fields);
        if (failure.message) setMessage({ kind: 'error', text: failure.message });
      }
    } finally {
      setBusy(null);
    }
  }

  async function resend() {
    if (busy) return;
    setMessage(null);
    setBusy('resend');
    try {
      await askForCode(page, phone);
      form.reset({ verificationCode: '' });
      setMessage({ kind: 'info', text: t('code.resent') });
    } catch (error) {
      const failure = failureOf(error, t);
      if (failure.message) setMessage({ kind: 'error', text: failure.message });
    } finally {
      setBusy(null);
    }
  }

  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={submit} aria-labelledby="code-step">
      <StepHeading step={2} focus>
        <span id="code-step">{t('code.heading')}</span>
      </StepHeading>
      <p className="muted">{t('code.intro', { phone })}</p>
      {message && <Message kind={message.kind}>{message.text}</Message>}
      <TextField
        {...form.bind('verificationCode')}
        label={t('code.label')}
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
      />
      <Button type="submit" block loading={busy === 'code'}>
        {t('code.submit')}
      </Button>
      <div className="step-links">
        <Button variant="link" onClick={() => void resend()} loading={busy === 'resend'}>
          {t('code.resend')}
        </Button>
        <Button variant="link" onClick={onChangePhone}>
          {t('code.changePhone')}
        </Button>
      </div>
    </form>
  );
}
