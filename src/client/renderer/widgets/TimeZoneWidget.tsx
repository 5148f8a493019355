// "timeZone": a choice among the IANA time zones the browser knows (the `timeZone` format checks the same list on both
// sides), searchable, each shown with its current offset from UTC: "Europe/Warsaw (UTC+01:00)".
import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import { Combobox } from './select/Combobox.tsx';
import { comboboxProps } from './select/widgetProps.ts';
import type { SelectOption } from './select/options.ts';

/** The zone's offset from UTC now, as "UTC+01:00" (the platform's own "GMT+1" reworded). */
function offsetOf(zone: string, now: Date): string {
  const part = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(now).find((p) => p.type === 'timeZoneName');
  const text = part?.value ?? 'GMT';
  return text === 'GMT' ? 'UTC+00:00' : text.replace('GMT', 'UTC');
}

function timeZoneOptions(now = new Date()): SelectOption[] {
  return [...Intl.supportedValuesOf('timeZone'), 'UTC'].map((zone) => ({ value: zone, label: `${zone} (${offsetOf(zone, now)})` }));
}

export default function TimeZoneWidget(props: WidgetProps) {
  const options = useMemo(() => timeZoneOptions(), []);
  return <Combobox {...comboboxProps(props)} options={options} sort={false} />;
}
