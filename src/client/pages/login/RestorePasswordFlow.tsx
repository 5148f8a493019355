// "Restoring password / Assigning password at the first login": user name -> e-mail code and the
// new password -> success, or the invalid-code step.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useRestorePassword } from './useRestorePassword.ts';

export default function RestorePasswordFlow({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const { form, step, submitting, startAgain, sendIdentity, sendNewPassword } = useRestorePassword(t);
  const stepRef = useRef<HTMLDivElement>(null);

  // Each step replaces the content: move focus to it so keyboard and screen-reader users follow.
  useEffect(() => {
    const target = stepRef.current?.querySelector<HTMLElement>('input, [data-autofocus]');
    target?.focus();
  }, [step]);

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
