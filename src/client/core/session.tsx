// The signed-in user: token in sessionStorage, /me on load, expiry checks, sign-out.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { api, configureApi } from './api.ts';
import { ApiError } from './apiError.ts';
import { hasExpired } from './countdown.ts';
import { clearToken, readToken, writeToken } from './tokenStore.ts';
import { meQueryKey, PANEL_PATH, TOKEN_EXPIRED_PATH } from './sessionPaths.ts';
import type { Me } from './types.ts';

export { PANEL_PATH };

const EXPIRY_CHECK_MS = 5000;

type SessionStatus = 'anonymous' | 'loading' | 'authenticated';

export interface SessionValue {
  status: SessionStatus;
  me: Me | undefined;
  signIn: (token: string) => void;
  signOut: () => Promise<void>;
  /** Ends the session because it ran out: clears it and shows the token-expired page. */
  expire: () => void;
  refetchMe: () => Promise<unknown>;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(readToken);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const meQuery = useQuery({
    queryKey: [...meQueryKey, token],
    queryFn: ({ signal }) => api.get<Me>('/me', { signal }),
    enabled: token !== null,
    staleTime: Infinity,
    retry: false,
  });

  const clear = useCallback(() => {
    clearToken();
    setToken(null);
    // Everything cached belonged to the user; public configuration may stay.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'config' });
  }, [queryClient]);

  const expire = useCallback(() => {
    clear();
    navigate(TOKEN_EXPIRED_PATH, { replace: true });
  }, [clear, navigate]);

  const signIn = useCallback((newToken: string) => {
    writeToken(newToken);
    setToken(newToken);
  }, []);

  const signOut = useCallback(async () => {
    try {
      await api.post('/logout', undefined, { quiet: true });
    } catch {
      // The token is dropped locally either way.
    }
    clear();
    navigate(PANEL_PATH);
  }, [clear, navigate]);

  useEffect(() => configureApi({ onUnauthorized: expire }), [expire]);

  // A failed profile request clears the session (a 401 has already gone to the token-expired page).
  const failed = meQuery.isError;
  const failure = meQuery.error;
  useEffect(() => {
    if (!failed) return;
    if (failure instanceof ApiError && failure.status === 401 && failure.handled) return;
    clear();
  }, [failed, failure, clear]);

  const me = token ? meQuery.data : undefined;
  const expiresIn = me?.expiresIn;
  useEffect(() => {
    if (!expiresIn) return;
    const check = () => {
      if (hasExpired(expiresIn, Date.now())) expire();
    };
    check();
    const timer = window.setInterval(check, EXPIRY_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [expiresIn, expire]);

  const status: SessionStatus = !token ? 'anonymous' : me ? 'authenticated' : 'loading';
  const refetchMe = meQuery.refetch;

  const value = useMemo<SessionValue>(
    () => ({ status, me, signIn, signOut, expire, refetchMe }),
    [status, me, signIn, signOut, expire, refetchMe],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
