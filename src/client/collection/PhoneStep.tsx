// Step 1: the phone number (Poland preferred: the field starts with +48). The number is read with the browser's
// phone rule, loaded once the field shows, and the server answers the same for every number.
import { useState, type FormEvent } from 'react';
import { isPhoneBlank, PHONE_INITIAL_VALUE, readPhone } from '../core/phoneInput.ts';
import { useFormState } from '../core/useFormState.ts';
import { Button } from '../ui/Button.tsx';
import { TextField } from '../ui/TextField.tsx';
import { failureOf } from './failures.ts';
import { askForCode, type Page } from './pageApi.ts';
import { Message, StepHeading } from './StepHeading.tsx';
import { useText } from './texts.ts';

export function PhoneStep({ page, focus, notice, onSent }: { page: Page; focus: boolean; notice: string | null; onSent: (phone: string) => void }) {
  const { t } = useText();
  const form = useFormState({ phoneNumber: PHONE_INITIAL_VALUE });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setMessage(null);
    const value = form.values.phoneNumber;
    if (isPhoneBlank(value)) return form.setErrors({ phoneNumber: t('validation:REQUIRED') });
    setBusy(true);
    try {
      const phone = await readPhone(value);
      if (!phone) return form.setErrors({ phoneNumber: t('validation:INVALID_PHONE_NUMBER') });
      await askForCode(page, phone);
      onSent(phone);
    } catch (error) {
      const failure = failureOf(error, t, ['phoneNumber']);
      form.setErrors(failure.fields);
      setMessage(failure.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={submit} aria-labelledby="phone-step">
      <StepHeading step={1} focus={focus}>
        <span id="phone-step">{t('phone.heading')}</span>
      </StepHeading>
      {notice && <Message kind="info">{notice}</Message>}
      <p className="muted">{t('phone.intro')}</p>
      {message && <Message kind="error">{message}</Message>}
      <TextField
        {...form.bind('phoneNumber')}
        label={t('phone.label')}
        info={t('phone.info')}
        required
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={20}
      />
      <Button type="submit" block loading={busy}>
        {t('phone.submit')}
      </Button>
    </form>
  );
}
