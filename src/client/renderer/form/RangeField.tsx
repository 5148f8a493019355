// A from / to filter: `{ between: [from | null, to | null] }`, or nothing when both are empty. Over date-times (the
// date-time input), or over amounts when the bounds are integers (thousandths typed as money in the user's language).
// A date range of a filter card whose schema declares presets offers them first: the card's hints hand over the
// component (`ui:options.presets`, table/filterHints.ts), so that no form's engine carries it; the bounds show for
// "Another period".
import type { FieldProps } from '@rjsf/utils';
import { useState, type ComponentType } from 'react';
import { decimalSeparatorOf, formatMoneyText, readMoneyText } from '../widgets/money/moneyText.ts';
import { useTranslation } from 'react-i18next';
import { DateTimeInput } from '../widgets/DateTimeWidget.tsx';
import { FieldMessage } from '../../ui/FieldMessage.tsx';
import { messageId } from '../widgets/fieldIds.ts';
import { messageText } from './messages.ts';
import { rangeFilter } from '../../../shared/list-query.ts';
import type { RangePresetProps } from './RangePreset.tsx';

type Bound = string | number | null;

/** The filter value for a pair of bounds; undefined when neither is set. */
export function rangeValue(from: Bound | undefined, to: Bound | undefined): { between: [Bound, Bound] } | undefined {
  return rangeFilter(from, to);
}

interface MoneyBoundProps {
  id: string;
  value: Bound;
  onChange: (value: number | null) => void;
  ariaLabel: string;
  ariaDescribedBy?: string;
  disabled?: boolean;
}

/** One amount bound: the text as typed, read as thousandths when the field is left (kept as typed when unreadable). */
function MoneyBound({ id, value, onChange, ariaLabel, ariaDescribedBy, disabled }: MoneyBoundProps) {
  const { i18n } = useTranslation();
  const separator = decimalSeparatorOf(i18n.language === 'pl' ? 'pl-PL' : 'en-GB');
  const [text, setText] = useState(formatMoneyText(value, separator));
  const reading = readMoneyText(text, i18n.language === 'pl' ? 'pl-PL' : 'en-GB');
  return (
    <input
      id={id}
      className="field-input"
      inputMode="decimal"
      value={text}
      aria-label={ariaLabel}
      aria-invalid={reading.kind === 'invalid' || undefined}
      aria-describedby={ariaDescribedBy}
      disabled={disabled}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => {
        if (reading.kind === 'empty') onChange(null);
        else if (reading.kind === 'amount') onChange(reading.value);
      }}
    />
  );
}

export default function RangeField(props: FieldProps) {
  const { t } = useTranslation();
  const items = (props.schema.properties?.between as { items?: { type?: unknown } } | undefined)?.items;
  const money = Array.isArray(items?.type) ? items.type.includes('integer') : items?.type === 'integer';
  const between = (props.formData as { between?: Bound[] } | undefined)?.between ?? [];
  const [from, to] = [between[0] ?? null, between[1] ?? null];
  const id = props.fieldPathId.$id;
  const errors = props.errorSchema?.between as { [index: number]: { __errors?: string[] } } | undefined;
  // Errors of a bound (an unfinished date) are shown under the pair.
  const nested = [errors?.[0]?.__errors ?? [], errors?.[1]?.__errors ?? []].flat().map((text) => messageText(t, text));
  const boundsId = `${id}-bounds-message`;
  const describedBy = [props.rawErrors?.length ? messageId(id) : '', nested.length ? boundsId : ''].filter(Boolean).join(' ') || undefined;
  const change = (nextFrom: Bound, nextTo: Bound) => props.onChange(rangeValue(nextFrom, nextTo) as never, props.fieldPathId.path);
  const bounds = (
    <>
      <div className="range-bound">
        <span className="range-label" id={`${id}-from-label`}>
          {t('form:range.from')}
        </span>
        {money ? (
          <MoneyBound id={`${id}_from`} value={from} onChange={(value) => change(value, to)} ariaLabel={`${t(props.schema.title ?? props.name)} – ${t('form:range.from')}`} ariaDescribedBy={describedBy} disabled={props.disabled} />
        ) : (
        <DateTimeInput
          id={`${id}_from`}
          value={(from ?? undefined) as string | undefined}
          onChange={(value) => change(value ?? null, to)}
          ariaLabel={`${t(props.schema.title ?? props.name)} – ${t('form:range.from')}`}
          ariaInvalid={Boolean(errors?.[0]?.__errors?.length)}
          ariaDescribedBy={describedBy}
          disabled={props.disabled}
          readOnly={props.readonly}
        />
        )}
      </div>
      <div className="range-bound">
        <span className="range-label" id={`${id}-to-label`}>
          {t('form:range.to')}
        </span>
        {money ? (
          <MoneyBound id={`${id}_to`} value={to} onChange={(value) => change(from, value)} ariaLabel={`${t(props.schema.title ?? props.name)} – ${t('form:range.to')}`} ariaDescribedBy={describedBy} disabled={props.disabled} />
        ) : (
        <DateTimeInput
          id={`${id}_to`}
          value={(to ?? undefined) as string | undefined}
          onChange={(value) => change(from, value ?? null)}
          ariaLabel={`${t(props.schema.title ?? props.name)} – ${t('form:range.to')}`}
          ariaInvalid={Boolean(errors?.[1]?.__errors?.length)}
          ariaDescribedBy={describedBy}
          disabled={props.disabled}
          readOnly={props.readonly}
        />
        )}
      </div>
    </>
  );
  const Presets = (props.uiSchema?.['ui:options'] as { presets?: ComponentType<RangePresetProps> } | undefined)?.presets;
  return (
    <div className="range-field">
      {Presets && !money && props.schema.properties?.preset ? (
        <Presets field={props} title={t(props.schema.title ?? props.name)} hasBounds={from !== null || to !== null}>
          {bounds}
        </Presets>
      ) : (
        bounds
      )}
      {nested.length > 0 && <FieldMessage id={boundsId} error={nested.join('\n')} />}
    </div>
  );
}
