// The representatives of one account (accounts.ownership.change): who they are and what they may do (account.read or
// account.manage), changed on the spot, removed after a question, and a USER of the account's customer added with a
// permission. Every change is PUT /api/account/representative (RepresentativeBody; permission null removes), checked
// first with the precompiled validator of its schema, as the server checks it. Hand-written: an editor of a list
// rather than one form.
import { PageHeading } from '../../renderer/table/PageHeading.tsx';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { accountLabel, REPRESENTATIVE_PERMISSIONS, type AccountDetails, type AccountRepresentative, type RepresentativeBody, type RepresentativePermission } from '../../../shared/accounts.ts';
import { api } from '../../core/api.ts';
import { ApiError, AuthorizationCancelledError } from '../../core/apiError.ts';
import { useDocumentTitle } from '../../core/documentTitle.ts';
import { errorMessage } from '../../core/fieldErrors.ts';
import { useParams } from 'react-router-dom';
import { checkAgainstSchema } from '../../core/schemaCheck.ts';
import { useTranslation } from 'react-i18next';
import { listAll } from '../../renderer/listAll.ts';
import { Combobox } from '../../renderer/widgets/select/Combobox.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { FieldMessage } from '../../ui/FieldMessage.tsx';
import { FullPageLoader } from '../../ui/FullPageLoader.tsx';
import { Modal } from '../../ui/Modal.tsx';
import type { ScreenProps } from '../screenProps.ts';
import '../../renderer/table/table.css';

interface UserRow {
  id: number;
  login: string;
  firstName: string | null;
  lastName: string | null;
  type: string;
  isActive: boolean;
}

const SCHEMA = 'schemas/forms/account-representative.json';

/** "First Last (login)", or the login alone. */
function personLabel(person: { login: string; firstName: string | null; lastName: string | null }): string {
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ');
  return name ? `${name} (${person.login})` : person.login;
}

/** Active USERs of the customer who are not representatives of the account yet. */
function candidates(users: readonly UserRow[], representatives: readonly AccountRepresentative[]): UserRow[] {
  const taken = new Set(representatives.map((r) => r.userId));
  return users.filter((user) => user.type === 'USER' && user.isActive !== false && !taken.has(user.id));
}

export default function AccountRepresentatives({ screen }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(screen.title);
  useDocumentTitle(title);
  const { id } = useParams();
  const queryClient = useQueryClient();
  const path = `/api/account/${encodeURIComponent(id ?? '')}`;
  const account = useQuery({ queryKey: ['record', path], queryFn: ({ signal }) => api.get<AccountDetails>(path, { signal }) });
  const customerId = account.data?.customerId;
  const users = useQuery({
    queryKey: ['representativeCandidates', customerId],
    queryFn: () => listAll<UserRow>('/api/user', { orderBy: 'lastName', order: 'ASC', options: { type: ['USER'], customerId: customerId ?? 0 } }),
    enabled: customerId !== undefined,
  });

  const [status, setStatus] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<AccountRepresentative | null>(null);

  /** Sends one change; true when it was made. */
  const save = async (body: RepresentativeBody, done: string): Promise<boolean> => {
    setBusy(true);
    setFailure(undefined);
    setStatus(undefined);
    try {
      const codes = await checkAgainstSchema(SCHEMA, { ...body });
      if (Object.keys(codes).length) {
        setFailure(Object.values(codes).map((code) => t(`validation:${code}`)).join('\n'));
        return false;
      }
      await api.put('/account/representative', body);
      await queryClient.invalidateQueries({ predicate: (query) => ['record', 'list', 'accounts'].includes(String(query.queryKey[0])) });
      setStatus(done);
      return true;
    } catch (error) {
      if (error instanceof AuthorizationCancelledError) return false;
      if (error instanceof ApiError && error.handled) return false;
      if (error instanceof ApiError && error.status === 403) setFailure(t('access.refused'));
      else if (error instanceof ApiError && error.validationErrors?.length) {
        setFailure(error.validationErrors.flatMap(({ errors }) => errors.map((item) => t(`validation:${item.code}`, { defaultValue: item.message ?? item.code }))).join('\n'));
      } else if (error instanceof ApiError) setFailure(errorMessage(t, error.code, error.message) || t('table:confirm.failed'));
      else setFailure(t('table:confirm.failed'));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const data = account.data;
  const back = `/panel/accounts/${encodeURIComponent(id ?? '')}/preview`;
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="table-page-header">
        <PageHeading title={title} backRoute={back}>
          {data && <p className="muted">{accountLabel(data)}</p>}
        </PageHeading>
      </header>
      {account.isError && (
        <Alert>{account.error instanceof ApiError && account.error.code ? errorMessage(t, account.error.code, account.error.message) : t('form:loadFailed')}</Alert>
      )}
      {!account.isError && !data && <FullPageLoader inPanel />}
      {failure && <Alert onDismiss={() => setFailure(undefined)}>{failure}</Alert>}
      {status && (
        <p className="notice notice-success" role="status">
          {status}
        </p>
      )}
      {data && (
        <>
          <RepresentativeList
            representatives={data.representatives}
            busy={busy}
            onChange={(representative, permission) =>
              void save({ accountId: data.id, userId: representative.userId, permission }, t('screens:representatives.saved', { name: personLabel(representative) }))
            }
            onRemove={setRemoving}
          />
          <AddRepresentative
            users={users.data ? candidates(users.data, data.representatives) : undefined}
            usersFailed={users.isError}
            busy={busy}
            onAdd={(userId, permission, name) => save({ accountId: data.id, userId, permission }, t('screens:representatives.added', { name }))}
          />
        </>
      )}
      {removing && data && (
        <Modal
          title={t('screens:representatives.remove')}
          size="small"
          onClose={() => !busy && setRemoving(null)}
          footer={
            <>
              <Button variant="secondary" onClick={() => setRemoving(null)} disabled={busy}>
                {t('common.cancel')}
              </Button>
              <Button
                loading={busy}
                onClick={() =>
                  void save({ accountId: data.id, userId: removing.userId, permission: null }, t('screens:representatives.removed', { name: personLabel(removing) })).then(() =>
                    setRemoving(null),
                  )
                }
              >
                {t('screens:representatives.remove')}
              </Button>
            </>
          }
        >
          <p className="confirm-question">{t('screens:representatives.removeQuestion', { name: personLabel(removing) })}</p>
        </Modal>
      )}
    </section>
  );
}

interface RepresentativeListProps {
  representatives: readonly AccountRepresentative[];
  busy: boolean;
  onChange: (representative: AccountRepresentative, permission: RepresentativePermission) => void;
  onRemove: (representative: AccountRepresentative) => void;
}

function RepresentativeList({ representatives, busy, onChange, onRemove }: RepresentativeListProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="card record-list" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-list-title">
        {t('screens:representatives.current')}
      </h2>
      {representatives.length === 0 ? (
        <p className="muted">{t('screens:accountPreview.noRepresentatives')}</p>
      ) : (
        <div className="data-table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('entities:representative.userId')}</th>
                <th scope="col">{t('entities:representative.permission')}</th>
                <th scope="col" className="data-table-actions">
                  {t('table:table.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {representatives.map((representative) => {
                const name = personLabel(representative);
                return (
                  <tr key={representative.userId} className="data-row">
                    <td>{name}</td>
                    <td>
                      <select
                        className="inline-select"
                        aria-label={t('screens:representatives.permissionOf', { name })}
                        value={representative.permission}
                        disabled={busy}
                        onChange={(event) => onChange(representative, event.target.value as RepresentativePermission)}
                      >
                        {REPRESENTATIVE_PERMISSIONS.map((permission) => (
                          <option key={permission} value={permission}>
                            {t(`entities:enums.representativePermission.${permission}`)}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td className="data-table-actions">
                      <div className="row-actions">
                        <button type="button" className="row-action row-action-danger" disabled={busy} aria-label={t('screens:representatives.removeNamed', { name })} onClick={() => onRemove(representative)}>
                          {t('screens:representatives.remove')}
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

interface AddRepresentativeProps {
  /** The users who may be added; undefined while they load. */
  users: UserRow[] | undefined;
  usersFailed: boolean;
  busy: boolean;
  onAdd: (userId: number, permission: RepresentativePermission, name: string) => Promise<boolean>;
}

function AddRepresentative({ users, usersFailed, busy, onAdd }: AddRepresentativeProps) {
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
