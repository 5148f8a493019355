// @vitest-environment jsdom
// The phone field as forms get it: its metadata (about 33 KiB gzip) loads beside the form, so until it is in the
// field shows its value without letting anyone type; then the real input takes over with the same value.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadLanguage } from '../../src/client/core/i18n.ts';
import { phoneWidgetChunk } from '../../src/client/renderer/chunks.ts';
import LazyPhoneWidget from '../../src/client/renderer/widgets/LazyPhoneWidget.tsx';
import { usesPhoneWidget, widgetsNamed } from '../../src/client/renderer/widgets/phoneHints.ts';
import { hasBrowserPhoneRule, isBrowserPhone } from '../../src/shared/validation/browser-phone-rule.ts';
import { widgetHarness } from './widget-harness.tsx';

beforeAll(async () => {
  await initI18n({ pathname: '/panel/recipients/create', hasSession: true, language: 'en' });
  await loadLanguage('en');
});
afterEach(cleanup);

const Harness = widgetHarness(LazyPhoneWidget, { name: 'phoneNumber', label: 'Phone number', schema: { type: 'string' } });

describe('the phone field before and after its metadata', () => {
  it('shows the value, not editable, until the metadata is in; then the country picker and the number', async () => {
    expect(phoneWidgetChunk.current).toBeUndefined();
    expect(hasBrowserPhoneRule()).toBe(false);
    render(<Harness initial="+48601234567" onValue={() => {}} />);
    const waiting = screen.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement;
    expect(waiting.value).toBe('+48601234567');
    expect(waiting.disabled).toBe(true);
    expect(screen.queryByRole('combobox')).toBeNull();

    await act(async () => {
      await phoneWidgetChunk.load();
    });
    expect(hasBrowserPhoneRule()).toBe(true);
    const number = (await screen.findByRole('textbox', { name: 'Phone number' })) as HTMLInputElement;
    expect(number.disabled).toBe(false);
    expect(number.value).toBe('601234567');
    expect(screen.getByRole('combobox')).toBeTruthy();
    // The browser's rule is the real one now.
    expect(isBrowserPhone('+48111111111')).toBe(false);
    expect(isBrowserPhone('+48601234567')).toBe(true);
  });

  it('is asked for by the forms whose ui hints name it, nested fields included', () => {
    expect(usesPhoneWidget({ phoneNumber: { 'ui:widget': 'phone' } })).toBe(true);
    expect(usesPhoneWidget({ contact: { mobile: { 'ui:widget': 'phone' } } })).toBe(true);
    expect(usesPhoneWidget({ 'ui:order': ['phone'], name: { 'ui:widget': 'text' } })).toBe(false);
    expect(usesPhoneWidget(undefined)).toBe(false);
    // Every widget named, for the others loaded on demand (remote select, image upload, SMS text, colour).
    expect([...widgetsNamed({ a: { 'ui:widget': 'remoteSelect' }, b: { c: { 'ui:widget': 'smsText' } }, 'ui:order': ['a'] })].sort()).toEqual(['remoteSelect', 'smsText']);
  });
});
