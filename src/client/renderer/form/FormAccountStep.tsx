// The account step of a form with `accountStep`: the account picker until an account is chosen, then a line naming
// the chosen account with a way back to the picker. Focus follows the step: to the page's heading when the form
// appears, to the chosen account when the picker comes back.
import { Suspense, useEffect, useRef } from 'react';
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
  const card = useRef<HTMLDivElement>(null);
  const shown = useRef(picking);
  useEffect(() => {
    // A change of step, not the first one shown.
    if (shown.current === picking) return;
    shown.current = picking;
    const radio = (state: string) => card.current?.querySelector<HTMLElement>(`input[type="radio"]${state}`);
    // Loaded on the first step taken, not with the form.
    void import('../../core/focusMoves.ts').then((moves) =>
      picking ? moves.focusWhenShown(() => radio(':checked') ?? radio(':not(:disabled)')) : moves.focusPageHeading(),
    );
  }, [picking]);
  return (
    <Suspense fallback={<FullPageLoader inPanel />}>
      {picking ? (
        <div ref={card} className="card form-card">
          <AccountStep legend={legend} value={accountId} onNext={onPick} />
        </div>
      ) : (
        <AccountSummary legend={legend} accountId={accountId as number} onChange={onChange} />
      )}
    </Suspense>
  );
}
