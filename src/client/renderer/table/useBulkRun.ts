// The steps of a bulk action: counting (the request without `confirm`), confirming, running (the same request with
// `confirm: true`) and done. A failed step goes back one step and says why; an authorisation the user cancels says
// nothing. The request is the caller's (`send`): it names the action and the rows.
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { AuthorizationCancelledError } from '../../core/apiError.ts';
import { actionErrorText } from './actionErrorText.ts';

export interface Counts {
  matching: number;
  changeable: number;
  updated: number;
}

type Phase = { kind: 'idle' } | { kind: 'counting' } | { kind: 'confirm'; counts: Counts } | { kind: 'running'; counts: Counts } | { kind: 'done'; updated: number };

type Send = (confirm: boolean) => Promise<Counts>;

export function useBulkRun(t: TFunction) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);

  const start = async (send: Send) => {
    setError(null);
    setPhase({ kind: 'counting' });
    try {
      setPhase({ kind: 'confirm', counts: await send(false) });
    } catch (cause) {
      setPhase({ kind: 'idle' });
      if (!(cause instanceof AuthorizationCancelledError)) setError(actionErrorText(cause, t));
    }
  };

  const run = async (send: Send, counts: Counts) => {
    setError(null);
    setPhase({ kind: 'running', counts });
    try {
      const answer = await send(true);
      setPhase({ kind: 'done', updated: answer.updated });
    } catch (cause) {
      setPhase({ kind: 'confirm', counts });
      if (!(cause instanceof AuthorizationCancelledError)) setError(actionErrorText(cause, t));
    }
  };

  return { phase, error, dismiss: () => setError(null), start, run, close: () => setPhase({ kind: 'idle' }) };
}
