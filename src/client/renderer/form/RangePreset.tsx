// The choice of a date range filter that declares presets (its schema's `preset` enum, src/shared/datePresets.ts):
// "All time" (no bound), the presets it lists, and "Another period", which shows the from / to inputs (the children).
// A preset is kept as such in the filter value (`{ preset: 'LAST_7_DAYS' }`), so the list's address stays relative.
// A filter card's hints hand it to RangeField.tsx (table/filterHints.ts), so that the forms' engine does not carry
// it; its labels are the dashboard's period texts, which no form's or list's first load reads either.
import type { FieldProps } from '@rjsf/utils';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRelativePreset, type DatePreset } from '../../../shared/datePresets.ts';

export interface RangePresetProps {
  field: FieldProps;
  /** The field's title, translated: the select reads "Created – Period". */
  title: string;
  /** Whether a from / to bound is set. */
  hasBounds: boolean;
  /** The from / to inputs. */
  children: ReactNode;
}

export function RangePreset({ field, title, hasBounds, children }: RangePresetProps) {
  const { t } = useTranslation('dashboard');
  const id = field.fieldPathId.$id;
  const offered = (field.schema.properties?.preset as { enum?: unknown[] } | undefined)?.enum ?? [];
  const choices: DatePreset[] = ['ALL', ...offered.filter(isRelativePreset), 'ANOTHER_PERIOD'];
  // "Another period" chosen with no bound typed yet keeps the bounds open.
  const [another, setAnother] = useState(false);
  const held = (field.formData as { preset?: unknown } | undefined)?.preset;
  const choice: DatePreset = isRelativePreset(held) ? held : hasBounds || another ? 'ANOTHER_PERIOD' : 'ALL';
  const choose = (next: DatePreset) => {
    setAnother(next === 'ANOTHER_PERIOD');
    field.onChange((isRelativePreset(next) ? { preset: next } : undefined) as never, field.fieldPathId.path);
  };
  return (
    <>
      <div className="range-bound range-preset">
        <span className="range-label" id={`${id}-preset-label`}>
          {t('period.label')}
        </span>
        <select
          id={`${id}_preset`}
          className="inline-select"
          value={choice}
          aria-label={`${title} – ${t('period.label')}`}
          disabled={field.disabled || field.readonly}
          onChange={(event) => choose(event.target.value as DatePreset)}
        >
          {choices.map((value) => (
            <option key={value} value={value}>
              {t(`period.presets.${value}`)}
            </option>
          ))}
        </select>
      </div>
      {choice === 'ANOTHER_PERIOD' && children}
    </>
  );
}
