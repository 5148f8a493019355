// @vitest-environment jsdom
// The select: options sorted by label in the current language unless sorting is off, preferred options first under
// a divider, search, clearing, multiple values, "No options", keyboard use.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n, loadLanguage } from '../../src/client/core/i18n.ts';
import { Combobox } from '../../src/client/renderer/widgets/select/Combobox.tsx';
import { arrangeOptions, foldForSearch, type SelectOption } from '../../src/client/renderer/widgets/select/options.ts';

beforeAll(async () => {
  // Both languages' texts in, so that a language switch below is immediate.
  await initI18n();
  await Promise.all([loadLanguage('en'), loadLanguage('pl')]);
});
afterEach(() => {
  cleanup();
  act(() => void changeLanguage('en'));
});

const cities: SelectOption[] = ['Łódź', 'Lublin', 'Zabrze', 'Opole', 'Mława'].map((label) => ({ value: label.toUpperCase(), label }));

describe('arrangeOptions', () => {
  it('sorts by label with the rules of the language', () => {
    expect(arrangeOptions(cities, { locale: 'pl-PL' }).rest.map((o) => o.label)).toEqual(['Lublin', 'Łódź', 'Mława', 'Opole', 'Zabrze']);
  });

  it('puts the preferred options first in their own order, and can keep the given order', () => {
    const arranged = arrangeOptions(cities, { locale: 'pl-PL', preferred: ['OPOLE', 'ZABRZE'] });
    expect(arranged.preferred.map((o) => o.label)).toEqual(['Opole', 'Zabrze']);
    expect(arranged.rest.map((o) => o.label)).toEqual(['Lublin', 'Łódź', 'Mława']);
    expect(arrangeOptions(cities, { locale: 'pl-PL', sort: false }).rest.map((o) => o.label)).toEqual(['Łódź', 'Lublin', 'Zabrze', 'Opole', 'Mława']);
  });

  it('searches without case and diacritics', () => {
    expect(foldForSearch('Łódź')).toBe('lodz');
  });
});

function Harness(props: { multiple?: boolean; options?: SelectOption[]; preferred?: unknown[]; initial?: unknown; onValue?: (v: unknown) => void; sort?: boolean }) {
  const [value, setValue] = useState<unknown>(props.initial);
  return (
    <>
      <label htmlFor="city">City</label>
      <Combobox
        id="city"
        options={props.options ?? cities}
        value={value}
        multiple={props.multiple}
        preferred={props.preferred}
        sort={props.sort}
        onChange={(v) => {
          setValue(v);
          props.onValue?.(v);
        }}
      />
    </>
  );
}

const combobox = () => screen.getByRole('combobox', { name: 'City' }) as HTMLInputElement;
const optionLabels = () => screen.getAllByRole('option').map((o) => o.textContent);

describe('Combobox', () => {
  it('opens with the arrow key, lists preferred options under a divider, and picks with Enter', () => {
    const onValue = vi.fn();
    act(() => void changeLanguage('pl'));
    render(<Harness preferred={['ZABRZE']} onValue={onValue} />);
    fireEvent.keyDown(combobox(), { key: 'ArrowDown' });
    expect(optionLabels()).toEqual(['Zabrze', 'Lublin', 'Łódź', 'Mława', 'Opole']);
    expect(screen.getAllByRole('option')[0].className).toContain('select-option-divider');
    fireEvent.keyDown(combobox(), { key: 'ArrowDown' });
    fireEvent.keyDown(combobox(), { key: 'Enter' });
    expect(onValue).toHaveBeenLastCalledWith('LUBLIN');
    expect(combobox().value).toBe('Lublin');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('filters as the user types and says "No options" when nothing matches', () => {
    render(<Harness />);
    fireEvent.change(combobox(), { target: { value: 'lodz' } });
    expect(optionLabels()).toEqual(['Łódź']);
    fireEvent.change(combobox(), { target: { value: 'Kraków' } });
    expect(screen.queryByRole('option')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('No options');
    // Escape closes the list and restores the chosen label.
    fireEvent.keyDown(combobox(), { key: 'Escape' });
    expect(screen.queryByRole('status')).toBeNull();
    expect(combobox().value).toBe('');
  });

  it('says "No options" in Polish for an empty list', () => {
    act(() => void changeLanguage('pl'));
    render(<Harness options={[]} />);
    fireEvent.click(combobox());
    expect(screen.getByRole('status').textContent).toBe('Brak opcji');
  });

  it('is clearable by default; clearing leaves no value', () => {
    const onValue = vi.fn();
    render(<Harness initial="OPOLE" onValue={onValue} />);
    expect(combobox().value).toBe('Opole');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onValue).toHaveBeenLastCalledWith(undefined);
    expect(combobox().value).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
  });

  it('chooses several values, shown as removable chips', () => {
    const onValue = vi.fn();
    render(<Harness multiple onValue={onValue} />);
    fireEvent.click(combobox());
    fireEvent.click(screen.getByRole('option', { name: 'Opole' }));
    fireEvent.click(screen.getByRole('option', { name: 'Lublin' }));
    expect(onValue).toHaveBeenLastCalledWith(['OPOLE', 'LUBLIN']);
    expect(screen.getByRole('listbox').getAttribute('aria-multiselectable')).toBe('true');
    expect(screen.getByRole('option', { name: /Opole/ }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Opole' }));
    expect(onValue).toHaveBeenLastCalledWith(['LUBLIN']);
    // Backspace in the empty search removes the last chip.
    fireEvent.keyDown(combobox(), { key: 'Backspace' });
    expect(onValue).toHaveBeenLastCalledWith([]);
  });
});
