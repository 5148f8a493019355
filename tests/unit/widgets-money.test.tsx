// @vitest-environment jsdom
// The money input: what a person of the current language types (its own grouping, a dot or a comma) becomes
// thousandths without float drift; text that is not an amount is never replaced by another number: it stays in the
// field and its reason is reported (never "Field required"); after blur or Enter an amount is shown in normal form.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ErrorSchema, Registry, WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n, loadLanguage } from '../../src/client/core/i18n.ts';
import { useTranslation } from 'react-i18next';
import { decodeMessage, messageText } from '../../src/client/renderer/form/messages.ts';
import MoneyWidget from '../../src/client/renderer/widgets/MoneyWidget.tsx';
import { decimalSeparatorOf, formatMoneyText, readMoneyText, type MoneyReading } from '../../src/client/renderer/widgets/money/moneyText.ts';

beforeAll(async () => {
  // Both languages' texts in, so that a language switch below is immediate.
  await initI18n();
  await Promise.all([loadLanguage('en'), loadLanguage('pl')]);
});
afterEach(() => {
  cleanup();
  act(() => void changeLanguage('en'));
});

const EN = 'en-GB';
const PL = 'pl-PL';
const amount = (value: number): MoneyReading => ({ kind: 'amount', value });
const INVALID: MoneyReading = { kind: 'invalid', code: 'INVALID_AMOUNT' };
const NEGATIVE: MoneyReading = { kind: 'invalid', code: 'INVALID_MIN_VALUE', params: { limit: 0 } };

describe('money text', () => {
  it('reads English grouping: comma between thousands, dot before decimals', () => {
    expect(readMoneyText('1,000.50', EN)).toEqual(amount(1_000_500));
    expect(readMoneyText('1,000', EN)).toEqual(amount(1_000_000));
    expect(readMoneyText('12,345,678.9', EN)).toEqual(amount(12_345_678_900));
    expect(readMoneyText('1 000.50', EN)).toEqual(amount(1_000_500));
    expect(readMoneyText('1000.5', EN)).toEqual(amount(1_000_500));
  });

  it('reads an English comma as grouping whatever follows it: "1,234" is 1,234.00, "1,23" malformed grouping', () => {
    expect(readMoneyText('1,234', EN)).toEqual(amount(1_234_000));
    expect(readMoneyText('1,234.5', EN)).toEqual(amount(1_234_500));
    expect(readMoneyText('12,345', EN)).toEqual(amount(12_345_000));
    expect(readMoneyText('1,234,567', EN)).toEqual(amount(1_234_567_000));
    // Never a decimal comma in English, so never a thousandfold guess.
    expect(readMoneyText('1,23', EN)).toEqual(INVALID);
    expect(readMoneyText('12,5', EN)).toEqual(INVALID);
    expect(readMoneyText('12,50', EN)).toEqual(INVALID);
    expect(readMoneyText('0,5', EN)).toEqual(INVALID);
    expect(readMoneyText('1,2345', EN)).toEqual(INVALID);
    expect(readMoneyText('1 234,56', EN)).toEqual(INVALID);
    expect(readMoneyText(',5', EN)).toEqual(INVALID);
    // Polish keeps its own rule: the comma is the decimal separator there.
    expect(readMoneyText('1,23', PL)).toEqual(amount(1_230));
    expect(readMoneyText('1,234', PL)).toEqual(INVALID);
  });

  it('reads Polish grouping: spaces (also no-break) between thousands, comma before decimals', () => {
    expect(readMoneyText('1 000,50', PL)).toEqual(amount(1_000_500));
    expect(readMoneyText('1\u00a0000,50', PL)).toEqual(amount(1_000_500));
    expect(readMoneyText('1\u202f000,50', PL)).toEqual(amount(1_000_500));
    expect(readMoneyText('12 345 678,9', PL)).toEqual(amount(12_345_678_900));
    expect(readMoneyText('12.5', PL)).toEqual(amount(12_500));
  });

  it('refuses what is ambiguous or not an amount instead of guessing another number', () => {
    // A dot never groups: in Polish "1.000" is 1 with three decimals, "1.000,50" mixes two conventions.
    expect(readMoneyText('1.000,50', PL)).toEqual(INVALID);
    expect(readMoneyText('1.000', PL)).toEqual(INVALID);
    expect(readMoneyText('1,000.50', PL)).toEqual(INVALID);
    expect(readMoneyText('1.000,50', EN)).toEqual(INVALID);
    expect(readMoneyText('12,34,567', EN)).toEqual(INVALID);
    expect(readMoneyText('1 00,5', PL)).toEqual(INVALID);
    expect(readMoneyText('1 000,000.00', EN)).toEqual(INVALID);
    expect(readMoneyText('12.3.4', EN)).toEqual(INVALID);
    expect(readMoneyText('1e3', EN)).toEqual(INVALID);
    expect(readMoneyText('9007199254741', EN)).toEqual(INVALID);
  });

  it('reports too many decimals, letters and a minus, in both languages', () => {
    for (const locale of [EN, PL]) {
      expect(readMoneyText('0.555', locale)).toEqual(INVALID);
      expect(readMoneyText('0,555', PL)).toEqual(INVALID);
      expect(readMoneyText('12abc', locale)).toEqual(INVALID);
      expect(readMoneyText('-5', locale)).toEqual(NEGATIVE);
      expect(readMoneyText('-12abc', locale)).toEqual(INVALID);
    }
    expect(readMoneyText('-5', EN, { allowNegative: true })).toEqual(amount(-5_000));
    expect(readMoneyText('1.234', EN, { maxDecimals: 3 })).toEqual(amount(1_234));
  });

  it('forgives surrounding spaces, a bare separator and leading zeros; nothing typed is no value', () => {
    expect(readMoneyText(' 12 ', EN)).toEqual(amount(12_000));
    expect(readMoneyText('12,', PL)).toEqual(amount(12_000));
    expect(readMoneyText('12.', EN)).toEqual(amount(12_000));
    expect(readMoneyText(',5', PL)).toEqual(amount(500));
    expect(readMoneyText('007,5', PL)).toEqual(amount(7_500));
    expect(readMoneyText('', EN)).toEqual({ kind: 'empty' });
    expect(readMoneyText('  ', PL)).toEqual({ kind: 'empty' });
  });

  it('has no floating-point drift', () => {
    // 0.29 * 1000 is 290.00000000000006 in binary floating point; 1.005 * 1000 is 1004.9999999999999.
    expect(readMoneyText('0,29', PL)).toEqual(amount(290));
    expect(readMoneyText('1.01', EN)).toEqual(amount(1_010));
    expect(readMoneyText('4.35', EN)).toEqual(amount(4_350));
    expect(formatMoneyText(1_005, '.')).toBe('1.01');
  });

  it('shows two decimals with the separator of the language', () => {
    expect(formatMoneyText(1_234_560, '.')).toBe('1234.56');
    expect(formatMoneyText(1_234_560, ',')).toBe('1234,56');
    expect(formatMoneyText(10, ',')).toBe('0,01');
    expect(decimalSeparatorOf('pl-PL')).toBe(',');
    expect(decimalSeparatorOf('en-GB')).toBe('.');
  });
});

interface HarnessProps {
  initial?: unknown;
  onValue: (v: unknown) => void;
  options?: Record<string, unknown>;
  formData?: Record<string, unknown>;
}

/**
 * The widget as the form engine runs it: labelled, holding its value, and showing under itself the errors it reports
 * with a change (RJSF keeps them until the field changes again), worded by the catalogue as the form does.
 */
function Harness({ initial, onValue, options = { currencyField: 'currency' }, formData = {} }: HarnessProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState<unknown>(initial);
  const [errors, setErrors] = useState<string[]>([]);
  const props = {
    id: 'root_budget',
    name: 'budget',
    label: 'Budget',
    value,
    required: true,
    onChange: (v: unknown, es?: ErrorSchema) => {
      setValue(v);
      setErrors((es?.__errors as string[] | undefined) ?? []);
      onValue(v);
    },
    onBlur: () => {},
    onFocus: () => {},
    options,
    schema: { type: 'integer' },
    registry: { formContext: { formData, mode: 'form', permissions: [] } } as unknown as Registry,
    rawErrors: errors,
  } as unknown as WidgetProps;
  return (
    <>
      <label htmlFor="root_budget">Budget</label>
      <MoneyWidget {...props} />
      <div data-testid="message">{errors.map((text) => messageText(t, text)).join('\n')}</div>
    </>
  );
}

const input = () => screen.getByRole('textbox', { name: 'Budget' }) as HTMLInputElement;
const message = () => screen.getByTestId('message').textContent;

/** Types `text` key by key, as a person does. */
function typeInto(field: HTMLInputElement, text: string) {
  for (let end = 1; end <= text.length; end += 1) fireEvent.change(field, { target: { value: text.slice(0, end) } });
}

describe('MoneyWidget', () => {
  it('takes an English amount typed with its grouping, key by key, and rewrites it on blur', () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    typeInto(input(), '1,000.50');
    expect(input().value).toBe('1,000.50');
    expect(onValue).toHaveBeenLastCalledWith(1_000_500);
    fireEvent.blur(input());
    expect(input().value).toBe('1000.50');
    expect(onValue).toHaveBeenLastCalledWith(1_000_500);
    expect(message()).toBe('');
  });

  it('takes a Polish amount typed with spaces between thousands', () => {
    act(() => void changeLanguage('pl'));
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    typeInto(input(), '1 000,50');
    expect(onValue).toHaveBeenLastCalledWith(1_000_500);
    fireEvent.blur(input());
    expect(input().value).toBe('1000,50');
    fireEvent.change(input(), { target: { value: '2\u00a0500,5' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(input().value).toBe('2500,50');
    expect(onValue).toHaveBeenLastCalledWith(2_500_500);
  });

  it.each([
    ['0.555', 'Enter a valid amount with at most 2 decimal places'],
    ['12abc', 'Enter a valid amount with at most 2 decimal places'],
    ['-5', 'The value must be at least 0'],
  ])('keeps pasted %j as typed and says why it is not an amount', (pasted, expected) => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} initial={5_000} />);
    fireEvent.change(input(), { target: { value: pasted } });
    expect(input().value).toBe(pasted);
    // The text itself is the value: the integer schema refuses it, so the form is not sent, and it is not empty.
    expect(onValue).toHaveBeenLastCalledWith(pasted);
    fireEvent.blur(input());
    expect(input().value).toBe(pasted);
    expect(onValue).toHaveBeenLastCalledWith(pasted);
    expect(message()).toBe(expected);
    expect(message()).not.toContain('Field required');
    // Correcting the text clears the message and reports the amount.
    fireEvent.change(input(), { target: { value: '0.55' } });
    expect(onValue).toHaveBeenLastCalledWith(550);
    expect(message()).toBe('');
  });

  it('says under the field how the language reads separators, and refuses "1,23" in English as typed', () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    const hint = () => document.getElementById(input().getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent;
    expect(hint()).toBe('Decimals after a dot; commas and spaces separate thousands: 1,234 is 1,234.00');
    fireEvent.change(input(), { target: { value: '1,23' } });
    fireEvent.blur(input());
    expect(input().value).toBe('1,23');
    expect(onValue).toHaveBeenLastCalledWith('1,23');
    expect(message()).toBe('Enter a valid amount with at most 2 decimal places');
    act(() => void changeLanguage('pl'));
    expect(hint()).toBe('Część dziesiętna po przecinku lub kropce, tysiące oddzielone spacją: 1 234,50');
  });

  it('says why in Polish', () => {
    act(() => void changeLanguage('pl'));
    render(<Harness onValue={() => {}} />);
    fireEvent.change(input(), { target: { value: '0,555' } });
    fireEvent.blur(input());
    expect(input().value).toBe('0,555');
    expect(message()).toBe('Wpisz poprawną kwotę z najwyżej 2 miejscami po przecinku');
    fireEvent.change(input(), { target: { value: '-5' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(input().value).toBe('-5');
    expect(message()).toBe('Wartość musi wynosić co najmniej 0');
  });

  it('names the problem of held text for the form, which shows it in place of the schema error', () => {
    const error = MoneyWidget.heldTextError('0.555', {}, 'en-GB');
    expect(decodeMessage(error!)).toEqual({ code: 'INVALID_AMOUNT' });
    expect(decodeMessage(MoneyWidget.heldTextError('-5', {}, 'pl-PL')!)).toEqual({ code: 'INVALID_MIN_VALUE', params: { limit: 0 } });
    expect(MoneyWidget.heldTextError('-5', { allowNegative: true }, 'en-GB')).toBeUndefined();
    expect(MoneyWidget.heldTextError(5_000, {}, 'en-GB')).toBeUndefined();
    expect(MoneyWidget.heldTextError(undefined, {}, 'en-GB')).toBeUndefined();
  });

  it('shows the currency as amounts are formatted in the list', () => {
    render(<Harness onValue={() => {}} formData={{ currency: 'EUR' }} />);
    expect(screen.getByText('€')).toBeTruthy();
    cleanup();
    // Without a currency field the default is PLN, written "PLN" in English and "zł" in Polish.
    render(<Harness onValue={() => {}} options={{}} />);
    expect(screen.getByText('PLN')).toBeTruthy();
    act(() => void changeLanguage('pl'));
    expect(screen.getByText('zł')).toBeTruthy();
  });

  it('shows a stored amount with a comma in Polish', () => {
    act(() => void changeLanguage('pl'));
    render(<Harness initial={1_234_560} onValue={() => {}} />);
    expect(input().value).toBe('1234,56');
    act(() => void changeLanguage('en'));
    expect(input().value).toBe('1234.56');
  });

  it('clears to no value', () => {
    const onValue = vi.fn();
    render(<Harness initial={5_000} onValue={onValue} />);
    fireEvent.change(input(), { target: { value: '' } });
    expect(onValue).toHaveBeenLastCalledWith(undefined);
  });
});
