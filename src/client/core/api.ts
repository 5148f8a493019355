// Fetch wrapper for /api: bearer token, JSON in and out, error normalisation, and the global
// reactions the spec asks for (401 -> token expired, 5xx -> alert, authorizationRequired -> code dialog).
import { ApiError, toApiError } from './apiError.ts';
import { readToken } from './tokenStore.ts';
import { toListQueryString, type ListParams, type ListResult } from '../../shared/list-query.ts';
import type { AuthorizationRequired, AuthorizationSubject } from '../../shared/stepUp.ts';

const API_BASE = '/api';
// The API's address for a panel served apart from it: API_BASE_URL when the client was built (vite.config.ts), else
// the page's own origin. The server then allows this panel's origin by CORS (PANEL_ORIGIN).
const API_ORIGIN: string = import.meta.env.API_BASE_URL ?? '';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Leaves 401/5xx to the caller (the status check, the sign-out call). */
  quiet?: boolean;
  /** Leaves 5xx and network failures to the caller, which shows them in place (a dashboard panel); 401 still ends the session. */
  failsInPlace?: boolean;
}

export interface ApiHooks {
  getToken: () => string | null;
  onUnauthorized: () => void;
  onServerError: (error: ApiError) => void;
  /**
   * Asks the user for a verification code, showing what it authorises (the answer's `authorization`), and calls
   * `retry` with it until it succeeds or the user gives up.
   */
  authorize: <T>(retry: (verificationCode: string) => Promise<T>, subject?: AuthorizationSubject) => Promise<T>;
}

const hooks: ApiHooks = {
  // Read straight from storage so that calls made before the React tree is wired still carry it.
  getToken: readToken,
  onUnauthorized: () => {},
  onServerError: () => {},
  authorize: () => Promise.reject(new ApiError(0, { message: 'Authorization is not available' })),
};

/** Lets the React tree plug in its handlers; returns a function that unplugs them. */
export function configureApi(partial: Partial<ApiHooks>): () => void {
  const previous = { ...hooks };
  Object.assign(hooks, partial);
  return () => {
    for (const key of Object.keys(partial) as (keyof ApiHooks)[]) {
      (hooks as unknown as Record<string, unknown>)[key] = previous[key];
    }
  };
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const base = API_ORIGIN + (path.startsWith(API_BASE + '/') ? path : `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function needsAuthorization(body: unknown): body is AuthorizationRequired {
  return typeof body === 'object' && body !== null && (body as { authorizationRequired?: unknown }).authorizationRequired === true;
}

function withVerificationCode(method: string, options: RequestOptions, verificationCode: string): RequestOptions {
  if (method === 'GET' || method === 'DELETE') return { ...options, query: { ...options.query, verificationCode } };
  if (options.body instanceof FormData) {
    const form = new FormData();
    for (const [name, value] of options.body) if (name !== 'verificationCode') form.append(name, value);
    form.append('verificationCode', verificationCode);
    return { ...options, body: form };
  }
  const body = typeof options.body === 'object' && options.body !== null ? options.body : {};
  return { ...options, body: { ...body, verificationCode } };
}

/** A failed answer's error, told to the session (a 401 with a token) or to the alert (5xx) unless the caller shows it. */
function failure(status: number, body: unknown, token: string | null, options: RequestOptions): ApiError {
  const error = toApiError(status, body);
  if (!options.quiet && status === 401 && token) {
    error.handled = true;
    hooks.onUnauthorized();
  } else if (!options.quiet && !options.failsInPlace && status >= 500) {
    error.handled = true;
    hooks.onServerError(error);
  }
  return error;
}

async function send(method: string, path: string, options: RequestOptions, retrying: boolean): Promise<unknown> {
  const token = hooks.getToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  // The language the page shows (textStore.ts keeps <html lang> on it): the server texts a user's own codes in it.
  if (typeof document !== 'undefined' && document.documentElement.lang) headers['Accept-Language'] = document.documentElement.lang;
  const hasBody = options.body !== undefined;
  // A FormData body (a file upload) is sent as multipart/form-data with the boundary the browser sets.
  const form = options.body instanceof FormData ? options.body : null;
  if (hasBody && !form) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: form ?? (hasBody ? JSON.stringify(options.body) : undefined),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    // No answer at all: for the user this is the same as a server failure.
    const error = new ApiError(0, { message: 'Network error' });
    if (!options.quiet && !options.failsInPlace) {
      error.handled = true;
      hooks.onServerError(error);
    }
    throw error;
  }

  const body = await readBody(response);
  if (!response.ok) throw failure(response.status, body, token, options);

  if (needsAuthorization(body)) {
    // A second demand after a code was given means the code was not accepted.
    if (retrying) throw new ApiError(400, { code: 'INVALID_VERIFICATION_CODE', message: 'Invalid verification code!' });
    return hooks.authorize((verificationCode) => send(method, path, withVerificationCode(method, options, verificationCode), true), body.authorization);
  }
  return body;
}

export function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  return send(method, path, options, false) as Promise<T>;
}

/**
 * A file the API answers (a report): fetched with the session's token and saved under the name the server gives
 * (Content-Disposition). Failures are ApiErrors as for any call.
 */
export async function download(path: string, query?: Record<string, QueryValue>): Promise<void> {
  const token = hooks.getToken();
  // fetch's default credentials (same origin): the token is the only credential, cookies never go to another origin.
  const response = await fetch(buildUrl(path, query), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw failure(response.status, await readBody(response), token, {});
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'download';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),

  list<T>(path: string, params: ListParams = {}, options?: RequestOptions): Promise<ListResult<T>> {
    return request<ListResult<T>>('GET', path, {
      ...options,
      query: { ...options?.query, ...toListQueryString(params) },
    });
  },
};
