// A month calendar, Monday first, driven by the keyboard like a date grid: arrows move by a day or a week,
// Page Up / Page Down by a month, Home / End to the week's ends, Enter or Space picks, Escape closes.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../locale.ts';
import { addDays, addMonths, monthGrid, parseDay, withinLimits } from './dateTimeText.ts';

interface CalendarProps {
  id: string;
  /** The day first focused ("YYYY-MM-DD"). */
  initialDay: string;
  selectedDay?: string;
  min?: string;
  max?: string;
  onPick: (day: string) => void;
  onClose: () => void;
}

const MONDAY = Date.UTC(2024, 0, 1);

export function Calendar({ id, initialDay, selectedDay, min, max, onPick, onClose }: CalendarProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [focusDay, setFocusDay] = useState(initialDay);
  const gridRef = useRef<HTMLTableElement>(null);
  const weeks = useMemo(() => monthGrid(focusDay), [focusDay]);
  const monthTitle = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(parseDay(focusDay));
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const weekdayLong = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  const dayLabel = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' });
  const titleId = `${id}-title`;

  useEffect(() => {
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${focusDay}"]`)?.focus();
  }, [focusDay]);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focusDay, -1),
      ArrowRight: () => addDays(focusDay, 1),
      ArrowUp: () => addDays(focusDay, -7),
      ArrowDown: () => addDays(focusDay, 7),
      PageUp: () => addMonths(focusDay, -1),
      PageDown: () => addMonths(focusDay, 1),
      Home: () => addDays(focusDay, -((parseDay(focusDay)!.getUTCDay() + 6) % 7)),
      End: () => addDays(focusDay, 6 - ((parseDay(focusDay)!.getUTCDay() + 6) % 7)),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setFocusDay(move());
    }
  };

  return (
    <div
      className="calendar"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="calendar-header">
        <button type="button" className="calendar-nav" aria-label={t('form:dateTime.previousMonth')} onClick={() => setFocusDay(addMonths(focusDay, -1))}>
          ‹
        </button>
        <h3 id={titleId} className="calendar-title" aria-live="polite">
          {monthTitle}
        </h3>
        <button type="button" className="calendar-nav" aria-label={t('form:dateTime.nextMonth')} onClick={() => setFocusDay(addMonths(focusDay, 1))}>
          ›
        </button>
      </div>
      <table ref={gridRef} className="calendar-grid" role="grid" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {Array.from({ length: 7 }, (_, i) => (
              <th key={i} scope="col" abbr={weekdayLong.format(MONDAY + i * 86_400_000)}>
                {weekday.format(MONDAY + i * 86_400_000)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0].date}>
              {week.map((cell) => {
                const allowed = withinLimits(cell.date, min, max);
                return (
                  <td key={cell.date} role="gridcell" aria-selected={cell.date === selectedDay}>
                    <button
                      type="button"
                      data-day={cell.date}
                      className={['calendar-day', cell.inMonth ? '' : 'is-outside', cell.date === selectedDay ? 'is-selected' : ''].filter(Boolean).join(' ')}
                      tabIndex={cell.date === focusDay ? 0 : -1}
                      aria-label={dayLabel.format(parseDay(cell.date))}
                      aria-pressed={cell.date === selectedDay}
                      disabled={!allowed}
                      onClick={() => onPick(cell.date)}
                    >
                      {cell.day}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
