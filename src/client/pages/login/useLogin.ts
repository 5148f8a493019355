// The login's two steps: the credentials of the variant (user name + password, user name, phone number) and, when
// the server asks for it, the verification code that authorizes this device.
import { useState, type FormEvent } from 'react';
import { currentDeviceId, rememberDevice } from '../../core/device.ts';
import { foldIntoVisibleFields } from '../../core/fieldErrors.ts';
import { useServerErrors } from '../../core/formErrors.ts';
import { useSession } from '../../core/session.tsx';
import type { LoginVariant } from '../../core/types.ts';
import { useFormState } from '../../core/useFormState.ts';
import { translateCodes, type ValidationCode } from '../../core/validationMessages.ts';
import { authorizeDevice, hasToken, login, type Identifier } from './loginApi.ts';
import { isPhoneBlank, PHONE_INITIAL_VALUE, phoneForRequest } from '../../core/phoneInput.ts';

type Step = 'credentials' | 'verification';

const INITIAL = { login: '', password: '', phoneNumber: PHONE_INITIAL_VALUE, verificationCode: '' };

/** The credentials the variant needs that are not filled in. */
function missingCredentials(variant: LoginVariant, values: typeof INITIAL): Record<string, ValidationCode> {
  const codes: Record<string, ValidationCode> = {};
  if (variant === 'PHONE') {
    if (isPhoneBlank(values.phoneNumber)) codes.phoneNumber = 'REQUIRED';
  } else if (!values.login.trim()) {
    codes.login = 'REQUIRED';
  }
  if (variant === 'LOGIN_PASSWORD' && !values.password) codes.password = 'REQUIRED';
  return codes;
}

export function useLogin(variant: LoginVariant, customer: string | undefined, t: (key: string) => string) {
  const { signIn } = useSession();
  const [step, setStep] = useState<Step>('credentials');
  const [submitting, setSubmitting] = useState(false);
  const [identifier, setIdentifier] = useState<Identifier>();
  const form = useFormState(INITIAL);
  const identifierField = variant === 'PHONE' ? 'phoneNumber' : 'login';
  const credentialFields = variant === 'LOGIN_PASSWORD' ? ['login', 'password'] : [identifierField];

  const credentialErrors = useServerErrors({
    codeFields: { INVALID_CREDENTIALS: identifierField, LOGIN_BLOCKED: identifierField, INVALID_VERIFICATION_CODE: 'verificationCode' },
    defaultField: identifierField,
  });
  const verificationErrors = useServerErrors({ defaultField: 'verificationCode' });

  const submitCredentials = async () => {
    const codes = missingCredentials(variant, form.values);
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

  return { form, step, submitting, onSubmit, backToCredentials };
}
