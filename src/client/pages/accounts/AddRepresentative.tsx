// Adding a representative to an account: a USER of the account's customer and the permission given.
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REPRESENTATIVE_PERMISSIONS, type RepresentativePermission } from '../../../shared/accounts.ts';
import { Combobox } from '../../renderer/widgets/select/Combobox.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { FieldMessage } from '../../ui/FieldMessage.tsx';
import { personLabel, type UserRow } from './representatives.ts';

interface AddRepresentativeProps {
  /** The users who may be added; undefined while they load. */
  users: UserRow[] | undefined;
  usersFailed: boolean;
  busy: boolean;
  onAdd: (userId: number, permission: RepresentativePermission, name: string) => Promise<boolean>;
}

export function AddRepresentative({ users, usersFailed, busy, onAdd }: AddRepresentativeProps) {
  const { t } = useTranslation();
  const id = useId();
  const [userId, setUserId] = useState<number | undefined>();
  const [permission, setPermission] = useState<RepresentativePermission>('account.read');
  const [error, setError] = useState<string>();
  const options = useMemo(() => (users ?? []).map((user) => ({ value: user.id, label: personLabel(user) })), [users]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const user = users?.find((candidate) => candidate.id === userId);
    if (!user) {
      setError(t('validation:REQUIRED'));
      return;
    }
    setError(undefined);
    if (await onAdd(user.id, permission, personLabel(user))) setUserId(undefined);
  };

  return (
    <section className="card record-list" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="record-list-title">
        {t('screens:representatives.add')}
      </h2>
      {usersFailed && <Alert>{t('form:loadFailed')}</Alert>}
      {users && users.length === 0 ? (
        <p className="muted">{t('screens:representatives.noCandidates')}</p>
      ) : (
        <form className="form representative-form" noValidate onSubmit={(event) => void submit(event)}>
          <div className={error ? 'field field-invalid' : 'field'}>
            <label className="field-label" id={`${id}-user-label`} htmlFor={`${id}-user`}>
              {t('entities:representative.userId')}
              <span className="field-required" aria-hidden="true">
                {' *'}
              </span>
            </label>
            <Combobox
              id={`${id}-user`}
              options={options}
              value={userId}
              onChange={(value) => {
                setUserId(typeof value === 'number' ? value : undefined);
                setError(undefined);
              }}
              labelledBy={`${id}-user-label`}
              ariaRequired
              ariaInvalid={Boolean(error)}
              ariaDescribedBy={error ? `${id}-user-message` : undefined}
              placeholder={users ? undefined : t('common.loading')}
            />
            <FieldMessage id={`${id}-user-message`} error={error} />
          </div>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-permission`}>
              {t('entities:representative.permission')}
            </label>
            <select id={`${id}-permission`} className="inline-select" value={permission} onChange={(event) => setPermission(event.target.value as RepresentativePermission)}>
              {REPRESENTATIVE_PERMISSIONS.map((value) => (
                <option key={value} value={value}>
                  {t(`entities:enums.representativePermission.${value}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="form-actions">
            <Button type="submit" loading={busy}>
              {t('screens:representatives.addButton')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
