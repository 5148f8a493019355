// The login form in its three variants (user name + password, user name, phone number), followed
// when the server asks for it by the verification-code step.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentDeviceId, rememberDevice } from '../../core/device.ts';
import { foldIntoVisibleFields } from '../../core/fieldErrors.ts';
import { useServerErrors } from '../../core/formErrors.ts';
import { useSession } from '../../core/session.tsx';
import type { LoginVariant } from '../../core/types.ts';
import { useFormState } from '../../core/useFormState.ts';
import { translateCodes, type ValidationCode } from '../../core/validationMessages.ts';
import { Button } from '../../ui/Button.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { authorizeDevice, hasToken, login, type Identifier } from './loginApi.ts';
import { isPhoneBlank, PHONE_INITIAL_VALUE, phoneForRequest } from '../../core/phoneInput.ts';

interface LoginFormProps {
  variant: LoginVariant;
  customer?: string;
  onRestorePassword: () => void;
}

type Step = 'credentials' | 'verification';

export function LoginForm({ variant, customer, onRestorePassword }: LoginFormProps) {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const [step, setStep] = useState<Step>('credentials');
  const [submitting, setSubmitting] = useState(false);
  const [identifier, setIdentifier] = useState<Identifier>();
  const form = useFormState({ login: '', password: '', phoneNumber: PHONE_INITIAL_VALUE, verificationCode: '' });
  const identifierField = variant === 'PHONE' ? 'phoneNumber' : 'login';
  const credentialFields = variant === 'LOGIN_PASSWORD' ? ['login', 'password'] : [identifierField];

  const credentialErrors = useServerErrors({
    codeFields: { INVALID_CREDENTIALS: identifierField, LOGIN_BLOCKED: identifierField, INVALID_VERIFICATION_CODE: 'verificationCode' },
    defaultField: identifierField,
  });
  const verificationErrors = useServerErrors({ defaultField: 'verificationCode' });

  const checkCredentials = (): Record<string, ValidationCode> => {
    const { values } = form;
    const codes: Record<string, ValidationCode> = {};
    if (variant === 'PHONE') {
      if (isPhoneBlank(values.phoneNumber)) codes.phoneNumber = 'REQUIRED';
    } else if (!values.login.trim()) {
      codes.login = 'REQUIRED';
    }
    if (variant === 'LOGIN_PASSWORD' && !values.password) codes.password = 'REQUIRED';
    return codes;
  };

  const submitCredentials = async () => {
    const codes = checkCredentials();
    if (Object.keys(codes).length) {
      form.setErrors(translateCodes(codes, t));
      return;
    }
    setSubmitting(true);
    try {
      const id: Identifier = variant === 'PHONE' ? { phoneNumber: await phoneForRequest(form.values.phoneNumber) } : { login: form.values.login.trim() };
      const answer = await login(id, {
        password: variant === 'LOGIN_PASSWORD' ? form.values.password : undefined,
        device: currentDeviceId(),
        customer,
      });
      if (hasToken(answer)) {
        signIn(answer.token);
        return;
      }
      setIdentifier(id);
      form.setValue('verificationCode', '');
      setStep('verification');
    } catch (error) {
      form.setErrors(foldIntoVisibleFields(credentialErrors(error), credentialFields, identifierField));
    } finally {
      setSubmitting(false);
    }
  };

  const submitVerification = async () => {
    const code = form.values.verificationCode.trim();
    if (!code) {
      form.setErrors(translateCodes({ verificationCode: 'REQUIRED' }, t));
      return;
    }
    if (!identifier) return;
    const device = currentDeviceId();
    setSubmitting(true);
    try {
      const answer = await authorizeDevice(identifier, code, device, customer);
      rememberDevice(device);
      signIn(answer.token);
    } catch (error) {
      form.setErrors(foldIntoVisibleFields(verificationErrors(error), ['verificationCode'], 'verificationCode'));
    } finally {
      setSubmitting(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    void (step === 'credentials' ? submitCredentials() : submitVerification());
  };

  const backToCredentials = () => {
    form.reset({ ...form.values, verificationCode: '' });
    setStep('credentials');
  };

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
