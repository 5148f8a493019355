// "Restoring password / Assigning password at the first login": user name -> e-mail code and the
// new password -> success, or the invalid-code step.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { foldIntoVisibleFields } from '../../core/fieldErrors.ts';
import { useServerErrors } from '../../core/formErrors.ts';
import { useFormState } from '../../core/useFormState.ts';
import { translateCodes } from '../../core/validationMessages.ts';
import { checkAgainstSchema } from '../../core/schemaCheck.ts';
import { collectErrors, required } from '../../core/validators.ts';
import { Button } from '../../ui/Button.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { requestPasswordCode, setNewPassword } from './loginApi.ts';

type Step = 'identity' | 'newPassword' | 'success' | 'invalidCode';

const EMPTY = { identity: '', emailAuthorizationCode: '', password: '', confirmPassword: '' };
const STEP_TWO_FIELDS = ['emailAuthorizationCode', 'password', 'confirmPassword'];

export default function RestorePasswordFlow({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('identity');
  const [submitting, setSubmitting] = useState(false);
  const form = useFormState(EMPTY);
  const identityErrors = useServerErrors({ defaultField: 'identity' });
  const passwordErrors = useServerErrors({ defaultField: 'emailAuthorizationCode' });
  const stepRef = useRef<HTMLDivElement>(null);

  // Each step replaces the content: move focus to it so keyboard and screen-reader users follow.
  useEffect(() => {
    const target = stepRef.current?.querySelector<HTMLElement>('input, [data-autofocus]');
    target?.focus();
  }, [step]);

  const startAgain = () => {
    form.reset({ ...EMPTY, identity: form.values.identity });
    setStep('identity');
  };

  const sendIdentity = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const codes = collectErrors({ identity: required(form.values.identity) });
    if (Object.keys(codes).length) {
      form.setErrors(translateCodes(codes, t));
      return;
    }
    setSubmitting(true);
    try {
      await requestPasswordCode(form.values.identity.trim());
      form.reset({ ...EMPTY, identity: form.values.identity });
      setStep('newPassword');
    } catch (error) {
      form.setErrors(foldIntoVisibleFields(identityErrors(error), ['identity'], 'identity'));
    } finally {
      setSubmitting(false);
    }
  };

  const sendNewPassword = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const { values } = form;
    const codes = await checkAgainstSchema('schemas/forms/restore-confirm.json', {
      identity: values.identity.trim(),
      emailAuthorizationCode: values.emailAuthorizationCode.trim(),
      password: values.password,
      confirmPassword: values.confirmPassword,
    });
    if (Object.keys(codes).length) {
      form.setErrors(translateCodes(codes, t));
      return;
    }
    setSubmitting(true);
    try {
      const answer = await setNewPassword({
        identity: values.identity.trim(),
        emailAuthorizationCode: values.emailAuthorizationCode.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
      });
      setStep(answer.success ? 'success' : 'invalidCode');
    } catch (error) {
      form.setErrors(foldIntoVisibleFields(passwordErrors(error), STEP_TWO_FIELDS, 'emailAuthorizationCode'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="form" ref={stepRef}>
      <div className="auth-heading">
        <h1 className="auth-title">{t('restore.title')}</h1>
      </div>

      {step === 'identity' && (
        <form ref={form.formRef} className="form" noValidate onSubmit={sendIdentity}>
          <TextField {...form.bind('identity')} label={t('restore.identity')} required autoComplete="username" autoCapitalize="off" spellCheck={false} />
          <div className="form-actions">
            <Button variant="secondary" onClick={onBack}>
              {t('common.back')}
            </Button>
            <Button type="submit" loading={submitting}>
              {t('restore.next')}
            </Button>
          </div>
        </form>
      )}

      {step === 'newPassword' && (
        <form ref={form.formRef} className="form" noValidate onSubmit={sendNewPassword}>
          <TextField
            {...form.bind('emailAuthorizationCode')}
            label={t('restore.emailAuthorizationCode')}
            required
            inputMode="numeric"
            autoComplete="one-time-code"
          />
          <PasswordField {...form.bind('password')} label={t('restore.password')} info={t('field.passwordHint')} required autoComplete="new-password" />
          <PasswordField {...form.bind('confirmPassword')} label={t('restore.confirmPassword')} required autoComplete="new-password" />
          <div className="form-actions">
            <Button variant="secondary" onClick={startAgain}>
              {t('common.back')}
            </Button>
            <Button type="submit" loading={submitting}>
              {t('restore.setPassword')}
            </Button>
          </div>
        </form>
      )}

      {step === 'success' && (
        <div className="form">
          <p className="notice notice-success" role="status">
            {t('restore.success')}
          </p>
          <Button onClick={onBack} data-autofocus block>
            {t('restore.logIn')}
          </Button>
        </div>
      )}

      {step === 'invalidCode' && (
        <div className="form">
          <p className="notice notice-error" role="alert">
            {t('restore.invalidCode')}
          </p>
          <div className="form-actions">
            <Button variant="secondary" onClick={onBack}>
              {t('common.back')}
            </Button>
            <Button onClick={startAgain} data-autofocus>
              {t('restore.tryAgain')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
