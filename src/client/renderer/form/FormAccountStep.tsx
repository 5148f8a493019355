// The account step of a form with `accountStep`: the account picker until an account is chosen, then a line naming
// the chosen account with a way back to the picker.
import { Suspense } from 'react';
import type { Account } from '../../../shared/accounts.ts';
import { chunk } from '../../core/chunk.ts';
import { lazyWithReload } from '../../core/lazyWithReload.ts';
import { FullPageLoader } from '../../ui/FullPageLoader.tsx';
import { accountStepChunk } from '../chunks.ts';

const AccountStep = lazyWithReload(accountStepChunk);
const AccountSummary = lazyWithReload(chunk(() => accountStepChunk.load().then((module) => ({ default: module.AccountSummary }))));

interface FormAccountStepProps {
  legend: string;
  picking: boolean;
  accountId: number | undefined;
  onPick: (account: Account) => void;
  onChange: () => void;
}

export function FormAccountStep({ legend, picking, accountId, onPick, onChange }: FormAccountStepProps) {
  return (
    <Suspense fallback={<FullPageLoader inPanel />}>
      {picking ? (
        <div className="card form-card">
          <AccountStep legend={legend} value={accountId} onNext={onPick} />
        </div>
      ) : (
        <AccountSummary legend={legend} accountId={accountId as number} onChange={onChange} />
      )}
    </Suspense>
  );
}
