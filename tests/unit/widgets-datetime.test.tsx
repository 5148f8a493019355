// @vitest-environment jsdom
// The date-time input: "YYYY-MM-DD hh:mm:ss" on a 24-hour clock, 12:00:00 when no time is given, a calendar whose
// weeks start on Monday, minimum and maximum dates, clearing.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n, loadLanguage } from '../../src/client/core/i18n.ts';
import DateTimeWidget from '../../src/client/renderer/widgets/DateTimeWidget.tsx';
import { addMonths, completeDateTime, maskDateTimeText, monthGrid, resolveDayLimit, withDay } from '../../src/client/renderer/widgets/dateTime/dateTimeText.ts';
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

describe('date-time text', () => {
  it('puts the separators between typed digits', () => {
    expect(maskDateTimeText('20240501')).toBe('2024-05-01');
    expect(maskDateTimeText('2024050113')).toBe('2024-05-01 13');
    expect(maskDateTimeText('2024-05-01 13:45:30 extra 99')).toBe('2024-05-01 13:45:30');
    expect(maskDateTimeText('2024-')).toBe('2024');
  });

  it('gives a date without a time 12:00:00, and completes minutes and seconds', () => {
    expect(completeDateTime('2024-05-01')).toBe('2024-05-01 12:00:00');
    expect(completeDateTime('2024-05-01 18')).toBe('2024-05-01 18:00:00');
    expect(completeDateTime('2024-05-01 18:30')).toBe('2024-05-01 18:30:00');
    expect(completeDateTime('2024-05')).toBe('2024-05');
    expect(withDay('', '2024-05-03')).toBe('2024-05-03 12:00:00');
    expect(withDay('2024-05-01 08:15:00', '2024-05-03')).toBe('2024-05-03 08:15:00');
  });

  it('lays out months Monday first', () => {
    const may = monthGrid('2024-05-15');
    // 1 May 2024 was a Wednesday: the first row starts on Monday 29 April.
    expect(may[0].map((d) => d.day)).toEqual([29, 30, 1, 2, 3, 4, 5]);
    expect(may[0][0].inMonth).toBe(false);
    expect(may.at(-1)!.at(-1)!.date).toBe('2024-06-02');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(resolveDayLimit('today', new Date(2024, 4, 15, 23, 30))).toBe('2024-05-15');
    expect(resolveDayLimit('2024-05-15 10:00:00')).toBe('2024-05-15');
  });
});

const Harness = widgetHarness(DateTimeWidget, { name: 'startDate', label: 'Start date', schema: { type: 'string', format: 'dateTime' } });

const input = () => screen.getByRole('textbox', { name: 'Start date' }) as HTMLInputElement;

describe('DateTimeWidget', () => {
  it('formats typed digits and adds the default time when the field is left', () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    fireEvent.change(input(), { target: { value: '20240501' } });
    expect(input().value).toBe('2024-05-01');
    fireEvent.blur(input());
    expect(input().value).toBe('2024-05-01 12:00:00');
    expect(onValue).toHaveBeenLastCalledWith('2024-05-01 12:00:00');
  });

  it('picks a day in a Monday-first calendar, keeping the typed time', () => {
    const onValue = vi.fn();
    render(<Harness initial="2024-05-10 08:30:00" onValue={onValue} />);
    fireEvent.click(screen.getByRole('button', { name: 'Choose a date' }));
    const calendar = screen.getByRole('dialog', { name: 'May 2024' });
    const headers = within(calendar).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers[0]).toBe('Mon');
    expect(headers[6]).toBe('Sun');
    // The chosen day has the focus; arrow keys move it by a day or a week.
    const grid = within(calendar).getByRole('grid');
    expect(document.activeElement?.getAttribute('data-day')).toBe('2024-05-10');
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    expect(document.activeElement?.getAttribute('data-day')).toBe('2024-05-11');
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    expect(document.activeElement?.getAttribute('data-day')).toBe('2024-05-18');
    fireEvent.keyDown(grid, { key: 'ArrowUp' });
    fireEvent.click(within(calendar).getByRole('button', { name: 'Saturday, 11 May 2024' }));
    expect(onValue).toHaveBeenLastCalledWith('2024-05-11 08:30:00');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('disables days outside the minimum and maximum dates and can be cleared', () => {
    const onValue = vi.fn();
    render(<Harness initial="2024-05-10 12:00:00" options={{ minDate: '2024-05-05', maxDate: '2024-05-20' }} onValue={onValue} />);
    fireEvent.click(screen.getByRole('button', { name: 'Choose a date' }));
    expect((screen.getByRole('button', { name: 'Saturday, 4 May 2024' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Sunday, 5 May 2024' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Tuesday, 21 May 2024' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Clear date' }));
    expect(onValue).toHaveBeenLastCalledWith(undefined);
    expect(input().value).toBe('');
  });

  it('names the month and the weekdays in Polish', () => {
    act(() => void changeLanguage('pl'));
    render(<Harness initial="2024-05-10 12:00:00" onValue={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Wybierz datę' }));
    expect(screen.getByRole('dialog').querySelector('h3')?.textContent).toBe('maj 2024');
    expect(screen.getAllByRole('columnheader')[0].textContent).toBe('pon.');
  });
});
