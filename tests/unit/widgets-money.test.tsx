// @vitest-environment jsdom
// The money input: what people type (dot or comma, spaces between thousands) becomes thousandths without float
// drift; the field shows two decimals in the language's own form after blur or Enter.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../src/client/core/i18n.ts';
import MoneyWidget from '../../src/client/renderer/widgets/MoneyWidget.tsx';
import { acceptsMoneyText, decimalSeparatorOf, formatMoneyText, parseMoneyText } from '../../src/client/renderer/widgets/money/moneyText.ts';
import { widgetHarness, type HarnessProps } from './widget-harness.tsx';

beforeAll(() => {
  initI18n();
});
afterEach(() => {
  cleanup();
  act(() => changeLanguage('en'));
});

describe('money text', () => {
  it('parses a comma or a dot into thousandths', () => {
    expect(parseMoneyText('12,5')).toBe(12_500);
    expect(parseMoneyText('12.5')).toBe(12_500);
    expect(parseMoneyText('1 234,56')).toBe(1_234_560);
    expect(parseMoneyText('1\u00a0234.56')).toBe(1_234_560);
    expect(parseMoneyText('0,01')).toBe(10);
  });

  it('has no floating-point drift', () => {
    // 0.29 * 1000 is 290.00000000000006 in binary floating point; 1.005 * 1000 is 1004.9999999999999.
    expect(parseMoneyText('0,29')).toBe(290);
    expect(parseMoneyText('1.01')).toBe(1_010);
    expect(parseMoneyText('4.35')).toBe(4_350);
    expect(formatMoneyText(1_005, '.')).toBe('1.01');
  });

  it('forgives a trailing separator and leading zeros, and refuses what is not an amount', () => {
    expect(parseMoneyText('12,')).toBe(12_000);
    expect(parseMoneyText('007,5')).toBe(7_500);
    expect(parseMoneyText('')).toBeUndefined();
    expect(parseMoneyText('-')).toBeNull();
    expect(parseMoneyText('-5')).toBeNull();
    expect(parseMoneyText('-5', { allowNegative: true })).toBe(-5_000);
  });

  it('accepts keystrokes with at most two decimals and one separator', () => {
    expect(acceptsMoneyText('12,34')).toBe(true);
    expect(acceptsMoneyText('12,345')).toBe(false);
    expect(acceptsMoneyText('12,3,4')).toBe(false);
    expect(acceptsMoneyText('12a')).toBe(false);
    expect(acceptsMoneyText('-1')).toBe(false);
    expect(acceptsMoneyText('-1', { allowNegative: true })).toBe(true);
    expect(acceptsMoneyText('1 234')).toBe(true);
  });

  it('shows two decimals with the separator of the language', () => {
    expect(formatMoneyText(1_234_560, '.')).toBe('1234.56');
    expect(formatMoneyText(1_234_560, ',')).toBe('1234,56');
    expect(formatMoneyText(10, ',')).toBe('0,01');
    expect(decimalSeparatorOf('pl-PL')).toBe(',');
    expect(decimalSeparatorOf('en-GB')).toBe('.');
  });
});

const MoneyHarness = widgetHarness(MoneyWidget, { name: 'budget', label: 'Budget', schema: { type: 'integer' } });
const Harness = (props: HarnessProps) => <MoneyHarness options={{ currencyField: 'currency' }} formData={{}} {...props} />;

describe('MoneyWidget', () => {
  it('stores thousandths as the user types and rewrites the text on blur', () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} formData={{ currency: 'EUR' }} />);
    const input = screen.getByRole('textbox', { name: 'Budget' });
    fireEvent.change(input, { target: { value: '12,5' } });
    expect(onValue).toHaveBeenLastCalledWith(12_500);
    expect((input as HTMLInputElement).value).toBe('12,5');
    fireEvent.blur(input);
    expect((input as HTMLInputElement).value).toBe('12.50');
    // The currency comes from the form's currency field.
    expect(screen.getByText('EUR')).toBeTruthy();
  });

  it('parses on Enter and ignores keystrokes that do not fit an amount', () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Budget' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1 234,5' } });
    fireEvent.change(input, { target: { value: '1 234,567' } });
    expect(input.value).toBe('1 234,5');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('1234.50');
    expect(onValue).toHaveBeenLastCalledWith(1_234_500);
    // Without a currency field the default is PLN.
    expect(screen.getByText('PLN')).toBeTruthy();
  });

  it('shows a stored amount with a comma in Polish', () => {
    act(() => changeLanguage('pl'));
    render(<Harness initial={1_234_560} onValue={() => {}} />);
    expect((screen.getByRole('textbox', { name: 'Budget' }) as HTMLInputElement).value).toBe('1234,56');
    act(() => changeLanguage('en'));
    expect((screen.getByRole('textbox', { name: 'Budget' }) as HTMLInputElement).value).toBe('1234.56');
  });

  it('clears to no value', () => {
    const onValue = vi.fn();
    render(<Harness initial={5_000} onValue={onValue} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Budget' }), { target: { value: '' } });
    expect(onValue).toHaveBeenLastCalledWith(undefined);
  });
});
