// The "Authorization" step: when an answer says authorizationRequired, the request waits here for the SMS code and is
// repeated with it; the dialog shows what the code authorises (the answer's `authorization`). The dialog that asks for the code (AuthorizationDialog.tsx) loads after the first paint, since no
// page shows it at first; a request that needs it before it is in waits for it.
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthorizationSubject } from '../../shared/stepUp.ts';
import { configureApi } from './api.ts';
import { useLoadedAfterPaint } from './afterPaint.ts';
import { ApiError, AuthorizationCancelledError } from './apiError.ts';
import { chunk } from './chunk.ts';
import { errorMessage, validationMessage } from './fieldErrors.ts';
import { lazyWithReload } from './lazyWithReload.ts';

interface PendingAuthorization {
  retry: (verificationCode: string) => Promise<unknown>;
  subject?: AuthorizationSubject;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

const dialogChunk = chunk(() => import('./AuthorizationDialog.tsx'));
const AuthorizationDialog = lazyWithReload(dialogChunk);

export function AuthorizationHost() {
  const { t } = useTranslation();
  const [queue, setQueue] = useState<PendingAuthorization[]>([]);
  const currentRef = useRef<PendingAuthorization | undefined>(undefined);
  currentRef.current = queue[0];
  useLoadedAfterPaint(dialogChunk);

  useEffect(
    () =>
      configureApi({
        authorize: <T,>(retry: (verificationCode: string) => Promise<T>, subject?: AuthorizationSubject) =>
          new Promise<T>((resolve, reject) => {
            setQueue((items) => [...items, { retry, subject, resolve: resolve as (value: unknown) => void, reject }]);
          }),
      }),
    [],
  );

  const finish = () => setQueue((items) => items.slice(1));

  const cancel = () => {
    currentRef.current?.reject(new AuthorizationCancelledError());
    finish();
  };

  const confirm = async (code: string): Promise<string | undefined> => {
    const pending = currentRef.current;
    if (!pending) return undefined;
    if (!code) return validationMessage(t, 'REQUIRED');
    try {
      pending.resolve(await pending.retry(code));
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'INVALID_VERIFICATION_CODE') return errorMessage(t, failure.code, failure.message);
      pending.reject(failure);
    }
    finish();
    return undefined;
  };

  if (!queue.length) return null;
  return (
    <Suspense fallback={null}>
      <AuthorizationDialog subject={queue[0].subject} confirm={confirm} cancel={cancel} />
    </Suspense>
  );
}
