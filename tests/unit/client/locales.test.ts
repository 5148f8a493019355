import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/common.json' with { type: 'json' };
import pl from '../../../locales/pl/common.json' with { type: 'json' };

function keys(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([key, value]) => keys(value, prefix ? `${prefix}.${key}` : key));
}

describe('client strings', () => {
  it('exist in both languages', () => {
    expect(keys(pl).sort()).toEqual(keys(en).sort());
  });

  it('carry the spec wording', () => {
    expect(en.access.refused).toBe('You do no have access to this page!');
    expect(en.technicalBreak.title).toBe('Sorry, there is a technical break.');
    expect(en.technicalBreak.message).toBe('Please try again later.');
    expect(en.tokenExpired.title).toBe('You have been automatically logged out');
    expect(en.login.restorePassword).toBe('First time sign in? or did you forget your password?');
    expect(en.login.verificationInfo).toBe('Enter the verification code sent to the given phone number');
    expect(en.restore.title).toBe('Restoring password / Assigning password at the first login');
    expect(en.restore.success).toBe('New password has been set. Now you can log in using new password.');
    expect(en.restore.invalidCode).toBe('Given verification code is invalid. Please try again.');
    expect(en.myProfile.success).toBe('The password has been successfully updated.');
    expect(en.errorBoundary.message).toBe('Something went wrong. Please try again later.');
    expect(en.notFound.message).toBe('The page you are looking for might have been removed, had its name changed or is temporarily unavailable.');
    expect(en.serverError.message).toBe(
      'Sorry, an unexpected error has occurred and we are unable to process your request at this time. Please try again in a moment or contact us by email at {{email}}',
    );
  });

  it('keep the interpolation variables in the Polish texts', () => {
    const variables = (text: string) => (text.match(/{{\w+}}/g) ?? []).sort();
    const enMap = new Map(keys(en).map((k) => [k, k.split('.').reduce<any>((n, p) => n[p], en) as string]));
    for (const key of keys(pl)) {
      const plText = key.split('.').reduce<any>((n, p) => n[p], pl) as string;
      expect(variables(plText), key).toEqual(variables(enMap.get(key) ?? ''));
    }
  });
});
