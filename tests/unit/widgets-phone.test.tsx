// @vitest-environment jsdom
// The phone input: countries and dial codes from libphonenumber-js metadata (the browser's phone metadata, the one the
// form validators use), dial-code detection from at most four digits after "+", digits only, at most 15 digits, stored
// as "+<dial code><number>".
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { getCountries } from 'libphonenumber-js/core';
import { phoneMetadata } from '../../src/shared/validation/phone-mobile.ts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n, loadLanguage } from '../../src/client/core/i18n.ts';
import PhoneWidget from '../../src/client/renderer/widgets/PhoneWidget.tsx';
import { detectDialCode, joinPhone, phoneCountries, readPhoneInput, splitPhone } from '../../src/client/renderer/widgets/phone/countries.ts';
import { widgetHarness } from './widget-harness.tsx';

beforeAll(async () => {
  // Both languages' texts in, so that a language switch below is immediate.
  await initI18n();
  await Promise.all([loadLanguage('en'), loadLanguage('pl')]);
});
afterEach(() => {
  cleanup();
  act(() => void changeLanguage('en'));
});

describe('phone countries and dial codes', () => {
  it('lists every country of the metadata with its dial code and a name in the current language', () => {
    const en = phoneCountries('en-GB');
    expect(en.length).toBe(getCountries(phoneMetadata).length);
    expect(en.length).toBeGreaterThan(235);
    expect(en.find((c) => c.iso2 === 'PL')).toEqual({ iso2: 'PL', dialCode: '48', name: 'Poland' });
    expect(phoneCountries('pl-PL').find((c) => c.iso2 === 'DE')?.name).toBe('Niemcy');
  });

  it('reads the dial code from at most four digits after the plus sign', () => {
    expect(detectDialCode('48500100200')).toEqual({ country: 'PL', dialCode: '48' });
    expect(detectDialCode('420601')).toEqual({ country: 'CZ', dialCode: '420' });
    // +1 is shared: the area code (digits 2-4) names the Dominican Republic or Puerto Rico, else the United States.
    expect(detectDialCode('18095551234')).toEqual({ country: 'DO', dialCode: '1' });
    expect(detectDialCode('17875551234')).toEqual({ country: 'PR', dialCode: '1' });
    expect(detectDialCode('12125551234')).toEqual({ country: 'US', dialCode: '1' });
    expect(detectDialCode('77011234567')).toEqual({ country: 'KZ', dialCode: '7' });
    // The fifth digit is never read.
    expect(detectDialCode('1800')).toEqual({ country: 'US', dialCode: '1' });
    expect(detectDialCode('')).toBeUndefined();
  });

  it('splits a stored number, a complete one naming its country exactly (Canada within +1)', () => {
    expect(splitPhone('+48500100200')).toEqual({ country: 'PL', national: '500100200' });
    expect(splitPhone('+12045551234')).toEqual({ country: 'CA', national: '2045551234' });
    expect(splitPhone(undefined)).toEqual({ country: 'PL', national: '' });
    expect(joinPhone('PL', '500100200')).toBe('+48500100200');
    expect(joinPhone('PL', '')).toBeUndefined();
  });

  it('keeps digits only, at most 15 with the dial code', () => {
    expect(readPhoneInput('500 100-200a', 'PL')).toEqual({ country: 'PL', national: '500100200' });
    expect(readPhoneInput('1234567890123456789', 'PL').national).toBe('1234567890123');
    expect(readPhoneInput('+420 601 123 456', 'PL')).toEqual({ country: 'CZ', national: '601123456' });
    expect(readPhoneInput('0048500100200', 'DE')).toEqual({ country: 'PL', national: '500100200' });
    // While fewer than four digits follow the plus sign, the text waits as typed.
    expect(readPhoneInput('+48', 'DE')).toEqual({ country: 'DE', national: '', pending: '+48' });
    expect(readPhoneInput('+48', 'DE', true)).toEqual({ country: 'PL', national: '' });
  });
});

const Harness = widgetHarness(PhoneWidget, { name: 'phoneNumber', label: 'Phone number', schema: { type: 'string' } });

describe('PhoneWidget', () => {
  it('starts with Poland and stores the number with its dial code', () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    expect((screen.getByRole('combobox', { name: 'Country code' }) as HTMLInputElement).value).toBe('Poland (+48)');
    fireEvent.change(screen.getByRole('textbox', { name: 'Phone number' }), { target: { value: '601 234 567' } });
    expect((screen.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement).value).toBe('601234567');
    expect(onValue).toHaveBeenLastCalledWith('+48601234567');
  });

  it('switches the country when a number is typed with its dial code', () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '+4' } });
    expect(input.value).toBe('+4');
    fireEvent.change(input, { target: { value: '+4420' } });
    expect((screen.getByRole('combobox', { name: 'Country code' }) as HTMLInputElement).value).toBe('United Kingdom (+44)');
    expect(input.value).toBe('20');
    expect(onValue).toHaveBeenLastCalledWith('+4420');
  });

  it('lists Poland first, then the rest by name, and keeps the number when the country changes', () => {
    const onValue = vi.fn();
    render(<Harness initial="+48500100200" onValue={onValue} />);
    const picker = screen.getByRole('combobox', { name: 'Country code' });
    fireEvent.keyDown(picker, { key: 'ArrowDown' });
    const options = screen.getAllByRole('option');
    expect(options[0].textContent).toBe('Poland (+48)');
    expect(options[0].className).toContain('select-option-divider');
    expect(options[1].textContent).toMatch(/^Afghanistan/);
    fireEvent.change(picker, { target: { value: 'czech' } });
    fireEvent.keyDown(picker, { key: 'Enter' });
    expect(onValue).toHaveBeenLastCalledWith('+420500100200');
  });

  it('shows a loaded number in its country', () => {
    render(<Harness initial="+420601123456" onValue={() => {}} />);
    expect((screen.getByRole('combobox', { name: 'Country code' }) as HTMLInputElement).value).toBe('Czechia (+420)');
    expect((screen.getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement).value).toBe('601123456');
  });
});
