// @vitest-environment jsdom
// The smaller widgets as a user meets them: the SMS counter, custom link normalisation, the text area counter,
// a disabled checkbox, the IBAN mask, the colour field and digits-only number fields.
import type { Registry, Widget, WidgetProps } from '@rjsf/utils';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n, loadLanguage } from '../../src/client/core/i18n.ts';
import { encodeMessage } from '../../src/client/renderer/form/messages.ts';
import CheckboxWidget from '../../src/client/renderer/widgets/CheckboxWidget.tsx';
import ColorWidget from '../../src/client/renderer/widgets/ColorWidget.tsx';
import CustomLinkWidget from '../../src/client/renderer/widgets/CustomLinkWidget.tsx';
import IbanWidget from '../../src/client/renderer/widgets/IbanWidget.tsx';
import SmsTextWidget from '../../src/client/renderer/widgets/SmsTextWidget.tsx';
import TextareaWidget from '../../src/client/renderer/widgets/TextareaWidget.tsx';
import TextWidget from '../../src/client/renderer/widgets/TextWidget.tsx';

beforeAll(async () => {
  // Both languages' texts in, so that a language switch below is immediate.
  await initI18n();
  await Promise.all([loadLanguage('en'), loadLanguage('pl')]);
});
afterEach(() => {
  cleanup();
  act(() => void changeLanguage('en'));
});

interface HarnessProps {
  widget: Widget;
  initial?: unknown;
  onValue?: (v: unknown) => void;
  schema?: Record<string, unknown>;
  options?: Record<string, unknown>;
  rawErrors?: string[];
  disabled?: boolean;
  readonly?: boolean;
}

function Harness({ widget: W, initial, onValue, schema = { type: 'string' }, options = {}, rawErrors = [], disabled, readonly }: HarnessProps) {
  const [value, setValue] = useState<unknown>(initial);
  const props = {
    id: 'root_field',
    name: 'field',
    label: 'Field',
    value,
    onChange: (v: unknown) => {
      setValue(v);
      onValue?.(v);
    },
    onBlur: () => {},
    onFocus: () => {},
    options,
    schema,
    registry: { formContext: {} } as unknown as Registry,
    rawErrors,
    disabled,
    readonly,
  } as unknown as WidgetProps;
  return (
    <>
      <label htmlFor="root_field">Field</label>
      <W {...props} />
    </>
  );
}

const textbox = () => screen.getByRole('textbox', { name: 'Field' }) as HTMLInputElement;

describe('smsText', () => {
  it('counts the characters left in the 7-bit set', () => {
    render(<Harness widget={SmsTextWidget} initial="Hello" />);
    expect(screen.getByText('Remaining: 555')).toBeTruthy();
    fireEvent.change(textbox(), { target: { value: 'Hello [x]' } });
    // [ and ] are in the extension table and count twice.
    expect(screen.getByText('Remaining: 549')).toBeTruthy();
  });

  it('counts against 280 once a character outside the set appears, in the current language', () => {
    act(() => void changeLanguage('pl'));
    render(<Harness widget={SmsTextWidget} initial="Zażółć" />);
    expect(screen.getByText('Pozostało: 274')).toBeTruthy();
  });

  it('flags a text that is too long at once, and only once when validation says the same', () => {
    const { rerender } = render(<Harness widget={SmsTextWidget} initial={'a'.repeat(561)} />);
    expect(screen.getByText('Remaining: -1')).toBeTruthy();
    expect(screen.getByText('Message is too long')).toBeTruthy();
    expect(textbox().getAttribute('aria-invalid')).toBe('true');
    rerender(<Harness widget={SmsTextWidget} initial={'a'.repeat(561)} rawErrors={[encodeMessage({ code: 'INVALID_SMS_CONTENT_LENGTH' })]} />);
    expect(screen.queryByText('Message is too long')).toBeNull();
    cleanup();
    render(<Harness widget={SmsTextWidget} initial={'ą'.repeat(280)} />);
    expect(screen.getByText('Remaining: 0')).toBeTruthy();
    expect(screen.queryByText('Message is too long')).toBeNull();
  });

  it('inserts a variable where the cursor is, from a button named for it', () => {
    const values: unknown[] = [];
    render(<Harness widget={SmsTextWidget} initial="Hi , collect at " options={{ variables: ['PROGRAM_NAME', 'PAYOUT_COLLECTION_URL'] }} onValue={(v) => values.push(v)} />);
    const area = textbox() as unknown as HTMLTextAreaElement;
    area.setSelectionRange(3, 3);
    fireEvent.click(screen.getByRole('button', { name: 'Insert PROGRAM_NAME' }));
    expect(values.at(-1)).toBe('Hi {PROGRAM_NAME}, collect at ');
    expect(screen.getByRole('group', { name: 'Variables' })).toBeTruthy();
    cleanup();
    render(<Harness widget={SmsTextWidget} initial="x" options={{ variables: ['PROGRAM_NAME'] }} readonly />);
    expect(screen.queryByRole('button', { name: 'Insert PROGRAM_NAME' })).toBeNull();
  });
});

describe('customLink', () => {
  it('normalises to hyphenated lower-case words when the field is left', () => {
    const onValue = vi.fn();
    render(<Harness widget={CustomLinkWidget} onValue={onValue} />);
    fireEvent.change(textbox(), { target: { value: 'Letnia Promocja Łódź!' } });
    expect(textbox().value).toBe('Letnia Promocja Łódź!');
    fireEvent.blur(textbox());
    expect(textbox().value).toBe('letnia-promocja-lodz');
    expect(onValue).toHaveBeenLastCalledWith('letnia-promocja-lodz');
  });
});

describe('textarea', () => {
  it('has 5 rows by default and an optional counter', () => {
    render(<Harness widget={TextareaWidget} schema={{ type: 'string', maxLength: 20 }} options={{ counter: true }} initial="abc" />);
    expect(textbox().getAttribute('rows')).toBe('5');
    expect(screen.getByText('Remaining: 17')).toBeTruthy();
    expect(textbox().getAttribute('aria-describedby')).toContain('root_field-counter');
  });
});

describe('checkbox', () => {
  it('toggles a boolean, and ignores clicks when disabled', () => {
    const onValue = vi.fn();
    const { rerender } = render(<Harness widget={CheckboxWidget} initial={false} onValue={onValue} />);
    fireEvent.click(screen.getByRole('checkbox'));
    expect(onValue).toHaveBeenLastCalledWith(true);
    rerender(<Harness widget={CheckboxWidget} initial={false} onValue={onValue} disabled />);
    onValue.mockClear();
    fireEvent.click(screen.getByRole('checkbox'));
    expect(onValue).not.toHaveBeenCalled();
    // Read-only: focusable, but a click changes nothing.
    rerender(<Harness widget={CheckboxWidget} initial={false} onValue={onValue} readonly />);
    fireEvent.click(screen.getByRole('checkbox'));
    expect(onValue).not.toHaveBeenCalled();
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
  });
});

describe('iban', () => {
  it('accepts A-Z, 0-9 and spaces, keeps the country prefix and groups a valid IBAN', () => {
    const onValue = vi.fn();
    render(<Harness widget={IbanWidget} onValue={onValue} />);
    fireEvent.change(textbox(), { target: { value: 'pl61-1090.1014 0000 0712 1981 2874' } });
    expect(textbox().value).toBe('PL6110901014 0000 0712 1981 2874');
    expect(onValue).toHaveBeenLastCalledWith('PL61109010140000071219812874');
    fireEvent.blur(textbox());
    expect(textbox().value).toBe('PL61 1090 1014 0000 0712 1981 2874');
  });
});

describe('color', () => {
  it('edits the hex code as text beside the picker', () => {
    const onValue = vi.fn();
    render(<Harness widget={ColorWidget} initial="#1f5eff" onValue={onValue} />);
    expect((screen.getByLabelText('Pick a colour') as HTMLInputElement).value).toBe('#1f5eff');
    fireEvent.change(textbox(), { target: { value: '#12ab' } });
    expect(onValue).toHaveBeenLastCalledWith('#12ab');
    fireEvent.change(textbox(), { target: { value: '#12abzz' } });
    expect(onValue).toHaveBeenCalledTimes(1);
  });
});

describe('text', () => {
  it('takes digits only for an integer and stores a number', () => {
    const onValue = vi.fn();
    render(<Harness widget={TextWidget} schema={{ type: 'integer' }} onValue={onValue} />);
    fireEvent.change(textbox(), { target: { value: '12' } });
    expect(onValue).toHaveBeenLastCalledWith(12);
    fireEvent.change(textbox(), { target: { value: '12a' } });
    expect(textbox().value).toBe('12');
  });

  it('trims a string when the field is left and applies a mask', () => {
    const onValue = vi.fn();
    const { unmount } = render(<Harness widget={TextWidget} onValue={onValue} />);
    fireEvent.change(textbox(), { target: { value: '  Anna ' } });
    fireEvent.blur(textbox());
    expect(onValue).toHaveBeenLastCalledWith('Anna');
    unmount();
    render(<Harness widget={TextWidget} options={{ mask: '^[0-9]{0,2}-?[0-9]{0,3}$' }} onValue={onValue} />);
    fireEvent.change(textbox(), { target: { value: '12-3' } });
    fireEvent.change(textbox(), { target: { value: '12-3x' } });
    expect(textbox().value).toBe('12-3');
  });
});
