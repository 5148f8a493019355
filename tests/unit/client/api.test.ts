import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, buildUrl, configureApi } from '../../../src/client/core/api.ts';
import { ApiError, toApiError } from '../../../src/client/core/apiError.ts';
import { fieldErrorsFrom, foldIntoVisibleFields } from '../../../src/client/core/fieldErrors.ts';
import { splitLines } from '../../../src/client/ui/FieldMessage.tsx';

interface Call {
  url: string;
  init: RequestInit;
}

function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let calls: Call[];
let answers: Response[];
let unplug: () => void;
const hooks = { onUnauthorized: vi.fn(), onServerError: vi.fn() };

beforeEach(() => {
  calls = [];
  answers = [];
  hooks.onUnauthorized.mockReset();
  hooks.onServerError.mockReset();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = answers.shift();
    if (!next) throw new Error('unexpected request');
    return next;
  });
  unplug = configureApi({ getToken: () => 'tok', ...hooks });
});

afterEach(() => {
  unplug();
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends the bearer token and JSON body', async () => {
    answers.push(jsonResponse(200, { ok: 1 }));
    await expect(api.post('/myprofile', { id: 1 })).resolves.toEqual({ ok: 1 });
    expect(calls[0].url).toBe('/api/myprofile');
    expect(calls[0].init.method).toBe('POST');
    expect((calls[0].init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(calls[0].init.body).toBe('{"id":1}');
  });

  it('JSON-encodes list filters in the options parameter and drops empty ones', async () => {
    answers.push(jsonResponse(200, { items: [], numberOfRecords: 0 }));
    await api.list('/payout', { page: 2, limit: 10, orderBy: 'createdAt', order: 'DESC', options: { amount: { gte: 1000 }, title: '' } });
    const url = new URL(calls[0].url, 'http://x');
    expect(url.pathname).toBe('/api/payout');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('order')).toBe('DESC');
    expect(JSON.parse(url.searchParams.get('options') ?? '')).toEqual({ amount: { gte: 1000 } });
  });

  it('reports a 401 during a session as expiry', async () => {
    answers.push(jsonResponse(401, { code: 'UNAUTHORIZED' }));
    const error = await api.get('/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).handled).toBe(true);
    expect(hooks.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(hooks.onServerError).not.toHaveBeenCalled();
  });

  it('raises the global alert on 5xx and on a network failure, but not on 4xx', async () => {
    answers.push(jsonResponse(503, { code: 'INTERNAL_ERROR', message: 'Internal server error.' }), jsonResponse(400, { code: 'INVALID_CREDENTIALS' }));
    await api.get('/x').catch(() => {});
    await api.get('/y').catch(() => {});
    expect(hooks.onServerError).toHaveBeenCalledTimes(1);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await api.get('/z').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(0);
    expect(hooks.onServerError).toHaveBeenCalledTimes(2);
  });

  it('asks for a verification code and repeats the request with it', async () => {
    const authorize = vi.fn(async (retry: (code: string) => Promise<unknown>) => {
      await expect(retry('000000')).rejects.toMatchObject({ code: 'INVALID_VERIFICATION_CODE' });
      return retry('123456');
    });
    const unplugAuthorize = configureApi({ authorize: authorize as never });
    answers.push(
      jsonResponse(200, { authorizationRequired: true }),
      jsonResponse(400, { code: 'INVALID_VERIFICATION_CODE', message: 'Invalid verification code!' }),
      jsonResponse(200, { id: 5 }),
    );
    await expect(api.post('/payout', { amount: 1000 })).resolves.toEqual({ id: 5 });
    expect(authorize).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(calls[1].init.body))).toEqual({ amount: 1000, verificationCode: '000000' });
    expect(JSON.parse(String(calls[2].init.body))).toEqual({ amount: 1000, verificationCode: '123456' });
    unplugAuthorize();
  });

  it('builds URLs under /api without empty parameters', () => {
    expect(buildUrl('/config', { customer: undefined })).toBe('/api/config');
    expect(buildUrl('/config', { customer: 'demo' })).toBe('/api/config?customer=demo');
    expect(buildUrl('/api/me')).toBe('/api/me');
  });
});

describe('server errors on form fields', () => {
  const t = (key: string, options?: { defaultValue?: string }) =>
    (({ 'errors:INVALID_CREDENTIALS': 'Invalid user name or password', 'validation:REQUIRED': 'Field required' }) as Record<string, string>)[key] ??
    options?.defaultValue ??
    key;

  it('puts a single-error code on its field, translated', () => {
    const error = toApiError(400, { code: 'INVALID_CREDENTIALS', message: 'x' });
    expect(fieldErrorsFrom(error, t, { codeFields: { INVALID_CREDENTIALS: 'login' } })).toEqual({ login: 'Invalid user name or password' });
  });

  it('falls back to the server message for an unknown code', () => {
    const error = toApiError(429, { code: 'LOGIN_BLOCKED', message: 'Blocked for 5 minutes' });
    expect(fieldErrorsFrom(error, t, { defaultField: 'login' })).toEqual({ login: 'Blocked for 5 minutes' });
  });

  it('joins several validation messages of a property with line breaks', () => {
    const error = toApiError(400, {
      validationErrors: [{ property: 'password', errors: [{ code: 'REQUIRED', message: 'r' }, { code: 'OTHER', message: 'Other rule' }] }],
    });
    expect(fieldErrorsFrom(error, t)).toEqual({ password: 'Field required\nOther rule' });
    expect(splitLines('Field required\nOther rule')).toEqual(['Field required', 'Other rule']);
    expect(splitLines('a<br/>b')).toEqual(['a', 'b']);
  });

  it('gives nothing mappable for an error without code or validation list', () => {
    expect(fieldErrorsFrom(toApiError(400, { message: 'no code' }), t, { defaultField: 'login' })).toBeNull();
    expect(fieldErrorsFrom(new Error('boom'), t)).toBeNull();
  });

  it('moves errors of hidden properties to a visible field', () => {
    expect(foldIntoVisibleFields({ device: 'bad', login: 'x' }, ['login'], 'login')).toEqual({ login: 'x\nbad' });
  });
});
