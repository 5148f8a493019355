// The deployment's variables: DEPLOYMENT is test or production (production unless set), the DSNs are http(s)
// addresses, and PANEL_ORIGIN is one origin exactly as a browser sends it, never a path or a wildcard.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { apiBaseDefine } from '../../tools/api-base/define.ts';

describe('deployment configuration', () => {
  it('is production with no reporting and no CORS unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ deployment: 'production', sentryDsn: null, sentryClientDsn: null, panelOrigin: null });
  });

  it('reads the test deployment, both DSNs and the panel origin', () => {
    const config = loadConfig({
      DEPLOYMENT: 'test',
      SENTRY_DSN: 'https://key@errors.example.com/1',
      SENTRY_CLIENT_DSN: 'https://other@errors.example.com/2',
      PANEL_ORIGIN: 'https://panel.test.example.com/',
    });
    expect(config).toMatchObject({
      deployment: 'test',
      sentryDsn: 'https://key@errors.example.com/1',
      sentryClientDsn: 'https://other@errors.example.com/2',
      panelOrigin: 'https://panel.test.example.com',
    });
  });

  it('refuses anything else', () => {
    expect(() => loadConfig({ DEPLOYMENT: 'staging' })).toThrow('DEPLOYMENT must be test or production, got "staging"');
    expect(() => loadConfig({ SENTRY_DSN: 'not a url' })).toThrow('SENTRY_DSN must be a URL');
    expect(() => loadConfig({ PANEL_ORIGIN: '*' })).toThrow('PANEL_ORIGIN must be a URL');
    expect(() => loadConfig({ PANEL_ORIGIN: 'https://panel.example.com/panel' })).toThrow('PANEL_ORIGIN must be an origin');
  });
});

describe('API_BASE_URL at build', () => {
  it("puts the API's address, without a trailing slash, in the client; unset, the page's own origin", () => {
    expect(apiBaseDefine({ API_BASE_URL: 'https://api.test.example.com/' })).toEqual({ 'import.meta.env.API_BASE_URL': '"https://api.test.example.com"' });
    expect(apiBaseDefine({})).toEqual({ 'import.meta.env.API_BASE_URL': '""' });
    expect(() => apiBaseDefine({ API_BASE_URL: 'api.example.com' })).toThrow('API_BASE_URL must be an http(s) address');
  });
});
