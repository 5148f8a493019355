// The login form in its three variants (user name + password, user name, phone number), followed
// when the server asks for it by the verification-code step.
import { useTranslation } from 'react-i18next';
import type { LoginVariant } from '../../core/types.ts';
import { Button } from '../../ui/Button.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useLogin } from './useLogin.ts';

interface LoginFormProps {
  variant: LoginVariant;
  customer?: string;
  onRestorePassword: () => void;
}

export function LoginForm({ variant, customer, onRestorePassword }: LoginFormProps) {
  const { t } = useTranslation();
  const { form, step, submitting, onSubmit, backToCredentials } = useLogin(variant, customer, t);

  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={onSubmit} aria-labelledby="login-heading">
      <div className="auth-heading">
        <h1 id="login-heading" className="auth-title">
          {t('login.header')}
        </h1>
        <p className="muted">{t('login.description')}</p>
      </div>

      {step === 'credentials' ? (
        <>
          {variant === 'PHONE' ? (
            <TextField
              {...form.bind('phoneNumber')}
              label={t('login.phoneNumber')}
              required
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={20}
            />
          ) : (
            <TextField {...form.bind('login')} label={t('login.login')} required autoComplete="username" autoCapitalize="off" spellCheck={false} />
          )}
          {variant === 'LOGIN_PASSWORD' && <PasswordField {...form.bind('password')} label={t('login.password')} required autoComplete="current-password" />}
        </>
      ) : (
        <>
          <p className="notice notice-info" role="status">
            {t('login.verificationInfo')}
          </p>
          <TextField
            {...form.bind('verificationCode')}
            label={t('login.verificationCode')}
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            autoFocus
            maxLength={12}
          />
        </>
      )}

      <Button type="submit" loading={submitting} block>
        {t('login.submit')}
      </Button>

      {step === 'credentials' ? (
        <Button variant="link" onClick={onRestorePassword} block>
          {t('login.restorePassword')}
        </Button>
      ) : (
        <Button variant="link" onClick={backToCredentials} block>
          {t('common.back')}
        </Button>
      )}
    </form>
  );
}
