// "Times in Europe/Warsaw": said once under the heading of a screen showing dates, since every date-time of the panel
// is of the customer's zone (core/timeZone.ts), which need not be the zone of the computer looking at it.
import { useTranslation } from 'react-i18next';
import { usePanelTimeZone } from '../../core/timeZone.ts';
import type { Column } from '../descriptors.ts';

/** Whether any of the columns shows a date or a date-time. */
export function showsDates(columns: readonly Column[]): boolean {
  return columns.some((column) => column.format === 'date' || column.format === 'dateTime');
}

export function TimeZoneNote() {
  const { t } = useTranslation();
  return <p className="muted time-zone-note">{t('common.timesIn', { timeZone: usePanelTimeZone() })}</p>;
}
