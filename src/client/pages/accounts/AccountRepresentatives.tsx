// The representatives of one account (accounts.ownership.change): who they are and what they may do (account.read or
// account.manage), changed on the spot, removed after a question, and a USER of the account's customer added with a
// permission. Every change is PUT /api/account/representative (RepresentativeBody; permission null removes), checked
// first with the precompiled validator of its schema, as the server checks it. Hand-written: an editor of a list
// rather than one form.
import { PageHeading } from '../../renderer/table/PageHeading.tsx';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { accountLabel, type AccountDetails, type AccountRepresentative } from '../../../shared/accounts.ts';
import { api } from '../../core/api.ts';
import { ApiError } from '../../core/apiError.ts';
import { useDocumentTitle } from '../../core/documentTitle.ts';
import { errorMessage } from '../../core/fieldErrors.ts';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { listAll } from '../../renderer/listAll.ts';
import { Alert } from '../../ui/Alert.tsx';
import { FullPageLoader } from '../../ui/FullPageLoader.tsx';
import type { ScreenProps } from '../screenProps.ts';
import { AddRepresentative } from './AddRepresentative.tsx';
import { RemoveRepresentative } from './RemoveRepresentative.tsx';
import { RepresentativeList } from './RepresentativeList.tsx';
import { candidates, personLabel, type UserRow } from './representatives.ts';
import { useRepresentativeChange } from './useRepresentativeChange.ts';
import '../../renderer/table/table.css';

export default function AccountRepresentatives({ screen }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(screen.title);
  useDocumentTitle(title);
  const { id } = useParams();
  const path = `/api/account/${encodeURIComponent(id ?? '')}`;
  const account = useQuery({ queryKey: ['record', path], queryFn: ({ signal }) => api.get<AccountDetails>(path, { signal }) });
  const customerId = account.data?.customerId;
  const users = useQuery({
    queryKey: ['representativeCandidates', customerId],
    queryFn: () => listAll<UserRow>('/api/user', { orderBy: 'lastName', order: 'ASC', options: { type: ['USER'], customerId: customerId ?? 0 } }),
    enabled: customerId !== undefined,
  });
  const { status, failure, setFailure, busy, save } = useRepresentativeChange(t);
  const [removing, setRemoving] = useState<AccountRepresentative | null>(null);

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
        <RemoveRepresentative
          name={personLabel(removing)}
          busy={busy}
          onClose={() => setRemoving(null)}
          onRemove={() =>
            void save({ accountId: data.id, userId: removing.userId, permission: null }, t('screens:representatives.removed', { name: personLabel(removing) })).then(() => setRemoving(null))
          }
        />
      )}
    </section>
  );
}
