// Start-up requests, sent together as soon as the entry runs (before React has even loaded): the
// service status and, with a stored token, the signed-in user. Sent one after the other they cost
// two round trips before anything shows; here they overlap each other and the loading of the
// first screen's chunks and texts.
import { api } from './api.ts';
import { isServiceOpen } from './technicalBreak.ts';
import { readToken } from './tokenStore.ts';
import type { Me } from './types.ts';

export type ServiceState = 'open' | 'break';

export interface Boot {
  token: string | null;
  status: Promise<ServiceState>;
  me: Promise<Me | undefined>;
}

export function startBoot(): Boot {
  const token = readToken();
  const status = api
    .get<unknown>('/status', { quiet: true })
    .then((answer): ServiceState => (isServiceOpen(answer) ? 'open' : 'break'))
    .catch((): ServiceState => 'break');
  // Quiet: a stale token is the session's to handle once the app is up (it asks again and shows the
  // token-expired page); here a failure only means "not known yet".
  const me = token ? api.get<Me>('/me', { quiet: true }).catch(() => undefined) : Promise.resolve(undefined);
  return { token, status, me };
}
