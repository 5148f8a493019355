// Restoring a password: the user name, for which the server e-mails a code, then the code and the new password;
// the answer says whether the code was right.
import { useState, type FormEvent } from 'react';
import { foldIntoVisibleFields } from '../../core/fieldErrors.ts';
import { useServerErrors } from '../../core/formErrors.ts';
import { useFormState } from '../../core/useFormState.ts';
import { translateCodes } from '../../core/validationMessages.ts';
import { checkAgainstSchema } from '../../core/schemaCheck.ts';
import { collectErrors, required } from '../../core/validators.ts';
import { requestPasswordCode, setNewPassword } from './loginApi.ts';

type Step = 'identity' | 'newPassword' | 'success' | 'invalidCode';

const EMPTY = { identity: '', emailAuthorizationCode: '', password: '', confirmPassword: '' };
const STEP_TWO_FIELDS = ['emailAuthorizationCode', 'password', 'confirmPassword'];

export function useRestorePassword(t: (key: string) => string) {
  const [step, setStep] = useState<Step>('identity');
  const [submitting, setSubmitting] = useState(false);
  const form = useFormState(EMPTY);
  const identityErrors = useServerErrors({ defaultField: 'identity' });
  const passwordErrors = useServerErrors({ defaultField: 'emailAuthorizationCode' });

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

  return { form, step, submitting, startAgain, sendIdentity, sendNewPassword };
}
