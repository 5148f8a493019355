// "My profile": the signed-in user changes their own password.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../core/api.ts';
import { foldIntoVisibleFields } from '../../core/fieldErrors.ts';
import { useServerErrors } from '../../core/formErrors.ts';
import { useSession } from '../../core/session.tsx';
import { useFormState } from '../../core/useFormState.ts';
import { translateCodes } from '../../core/validationMessages.ts';
import { checkAgainstSchema } from '../../core/schemaCheck.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { SuccessDialog } from '../../ui/SuccessDialog.tsx';
import { userTypeLabelKey } from './userType.ts';

const FIELDS = ['currentPassword', 'newPassword', 'confirmNewPassword'];

export default function MyProfileModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { me, refetchMe } = useSession();
  const form = useFormState({ currentPassword: '', newPassword: '', confirmNewPassword: '' });
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);
  const serverErrors = useServerErrors({ codeFields: { INVALID_CURRENT_PASSWORD: 'currentPassword' }, defaultField: 'currentPassword' });

  if (!me) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const { values } = form;
    const codes = await checkAgainstSchema('schemas/forms/myprofile.json', { id: me.id, ...values });
    if (Object.keys(codes).length) {
      form.setErrors(translateCodes(codes, t));
      return;
    }
    setSaving(true);
    try {
      await api.post('/myprofile', { id: me.id, ...values });
      setDone(true);
    } catch (error) {
      form.setErrors(foldIntoVisibleFields(serverErrors(error), FIELDS, 'currentPassword'));
    } finally {
      setSaving(false);
    }
  };

  if (done) {
    return (
      <SuccessDialog
        message={t('myProfile.success')}
        onOk={() => {
          onClose();
          void refetchMe();
        }}
      />
    );
  }

  return (
    <Modal title={t('myProfile.title')} onClose={onClose}>
      <form ref={form.formRef} className="form" noValidate onSubmit={submit}>
        {/* Lets password managers tie the new password to this account. */}
        <input type="text" name="username" autoComplete="username" value={me.login} readOnly hidden />
        {me.type && <p className="muted">{t('myProfile.userType', { type: t(userTypeLabelKey(me.type, me.representativeKind)) })}</p>}
        <PasswordField {...form.bind('currentPassword')} label={t('myProfile.currentPassword')} required autoComplete="current-password" />
        <PasswordField {...form.bind('newPassword')} label={t('myProfile.newPassword')} info={t('field.passwordHint')} required autoComplete="new-password" />
        <PasswordField {...form.bind('confirmNewPassword')} label={t('myProfile.confirmNewPassword')} required autoComplete="new-password" />
        <div className="form-actions">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('myProfile.update')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
