// No secret leaves in an error report: tokens, codes, passwords, IBANs and API keys, at any depth of an event or a
// trace and inside the strings that carry them (a header, a request body kept as text, a URL's query string).
import { describe, expect, it } from 'vitest';
import { scrubReport, scrubText } from '../../src/shared/errorScrub.ts';

const SESSION_TOKEN = 'q3Jx0bX1v7yD3bQ9oZ2mW8tK4eR6uA5sN1cL0pH7gFk'; // 43 characters of base64url, as the server makes them
const API_KEY = 'ppk_Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4';

describe('scrubReport', () => {
  it('replaces credential headers and cookies, whatever their case', () => {
    const event = {
      request: {
        headers: { Authorization: `Bearer ${SESSION_TOKEN}`, cookie: 'pp_device=abcdefabcdefabcdefabcdefabcdef12', 'X-Api-Key': API_KEY, 'user-agent': 'Mozilla/5.0' },
        cookies: { pp_device: 'abcdefabcdefabcdefabcdefabcdef12' },
      },
    };
    expect(scrubReport(event)).toEqual({
      request: {
        headers: { Authorization: '[Filtered]', cookie: '[Filtered]', 'X-Api-Key': '[Filtered]', 'user-agent': 'Mozilla/5.0' },
        cookies: '[Filtered]',
      },
    });
  });

  it('replaces passwords, codes, tokens and secrets at any depth, and keeps the rest', () => {
    const event = {
      extra: {
        body: { login: 'admin', password: 'Demo123!', nested: [{ newPassword: 'N3w!pass', confirmNewPassword: 'N3w!pass', verificationCode: '482913' }] },
        step: { code: '123456', token: 'abc', signingSecret: 'shh', emailAuthorizationCode: '991122', countryCode: 'PL' },
      },
      level: 'error',
    };
    expect(scrubReport(event)).toEqual({
      extra: {
        body: { login: 'admin', password: '[Filtered]', nested: [{ newPassword: '[Filtered]', confirmNewPassword: '[Filtered]', verificationCode: '[Filtered]' }] },
        step: { code: '[Filtered]', token: '[Filtered]', signingSecret: '[Filtered]', emailAuthorizationCode: '[Filtered]', countryCode: 'PL' },
      },
      level: 'error',
    });
  });

  it('replaces secrets inside a request body kept as JSON text', () => {
    const body = '{"login":"admin","password":"two words, \\"quoted\\"","device":"devicedevicedevicedevicedevice01","verificationCode":482913}';
    expect(scrubText(body)).toBe('{"login":"admin","password":"[Filtered]","device":"devicedevicedevicedevicedevice01","verificationCode":"[Filtered]"}');
  });

  it("replaces the values of secret parameters in URLs' query strings and keeps the others", () => {
    expect(scrubText('https://panel.example/api/payout/1?verificationCode=482913&page=2')).toBe('https://panel.example/api/payout/1?verificationCode=[Filtered]&page=2');
    expect(scrubText('GET /api/x?token=abc&password=p%40ss')).toBe('GET /api/x?token=[Filtered]&password=[Filtered]');
    expect(scrubReport({ query_string: [['code', '123456'], ['page', '1']] })).toEqual({ query_string: [['code', '[Filtered]'], ['page', '1']] });
  });

  it('replaces anything IBAN-shaped, grouped or not', () => {
    expect(scrubText('collected to PL61 1090 1014 0000 0712 1981 2874 today')).toBe('collected to [IBAN] today');
    expect(scrubText('account DE89370400440532013000.')).toBe('account [IBAN].');
    expect(scrubReport({ message: 'iban GB29NWBK60161331926819 refused', iban: 'anything' })).toEqual({ message: 'iban [IBAN] refused', iban: '[Filtered]' });
  });

  it("replaces this product's API keys, webhook secrets and session tokens wherever they show", () => {
    expect(scrubText(`key ${API_KEY} was refused`)).toBe('key [Filtered] was refused');
    expect(scrubText('signed with whsec_c2VjcmV0c2VjcmV0c2VjcmV0')).toBe('signed with [Filtered]');
    expect(scrubText(`session ${SESSION_TOKEN} expired`)).toBe('session [Filtered] expired');
    expect(scrubText(`Authorization: Bearer ${SESSION_TOKEN}`)).toBe('Authorization: Bearer [Filtered]');
  });

  it('replaces a code said in words, as an SMS or a log line says it', () => {
    expect(scrubText('>> SMS to +48600000001 | code 482913 | Payouts: Your verification code: 482913')).toBe(
      '>> SMS to +48600000001 | code [Filtered] | Payouts: Your verification code: [Filtered]',
    );
    expect(scrubText('Twój kod: 123456')).toBe('Twój kod: [Filtered]');
  });

  it("leaves a report's own identifiers and ordinary text as they are", () => {
    const event = {
      event_id: '0070dc87c37540afa4715ddb3743a195',
      contexts: { trace: { trace_id: '5546b18a68b04782b9d6cd0aeaae8721', span_id: 'bf6aef3c94f795f8' } },
      transaction: 'GET /api/payout/:id',
      exception: { values: [{ type: 'TypeError', value: "Cannot read properties of undefined (reading 'amount')" }] },
      timestamp: 1795776394.447,
    };
    expect(scrubReport(event)).toEqual(event);
  });

  it('survives a cycle', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    expect(scrubReport(a)).toEqual({ name: 'a', self: '[Filtered]' });
  });
});
