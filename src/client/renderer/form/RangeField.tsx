// A from / to filter over date-times: `{ between: [from | null, to | null] }`, or nothing when both are empty.
import type { FieldProps } from '@rjsf/utils';
import { useTranslation } from '../../core/useTranslation.ts';
import { DateTimeInput } from '../widgets/DateTimeWidget.tsx';
import { FieldMessage } from '../../ui/FieldMessage.tsx';
import { messageId } from '../widgets/fieldIds.ts';
import { messageText } from './messages.ts';
import { rangeFilter } from '../../../shared/list-query.ts';

type Bound = string | null;

/** The filter value for a pair of bounds; undefined when neither is set. */
export function rangeValue(from: Bound | undefined, to: Bound | undefined): { between: [Bound, Bound] } | undefined {
  return rangeFilter(from, to);
}

export default function RangeField(props: FieldProps) {
  const { t } = useTranslation();
  const between = (props.formData as { between?: Bound[] } | undefined)?.between ?? [];
  const [from, to] = [between[0] ?? null, between[1] ?? null];
  const id = props.fieldPathId.$id;
  const errors = props.errorSchema?.between as { [index: number]: { __errors?: string[] } } | undefined;
  // Errors of a bound (an unfinished date) are shown under the pair.
  const nested = [errors?.[0]?.__errors ?? [], errors?.[1]?.__errors ?? []].flat().map((text) => messageText(t, text));
  const boundsId = `${id}-bounds-message`;
  const describedBy = [props.rawErrors?.length ? messageId(id) : '', nested.length ? boundsId : ''].filter(Boolean).join(' ') || undefined;
  const change = (nextFrom: Bound, nextTo: Bound) => props.onChange(rangeValue(nextFrom, nextTo) as never, props.fieldPathId.path);
  return (
    <div className="range-field">
      <div className="range-bound">
        <span className="range-label" id={`${id}-from-label`}>
          {t('form:range.from')}
        </span>
        <DateTimeInput
          id={`${id}_from`}
          value={from ?? undefined}
          onChange={(value) => change(value ?? null, to)}
          ariaLabel={`${t(props.schema.title ?? props.name)} – ${t('form:range.from')}`}
          ariaInvalid={Boolean(errors?.[0]?.__errors?.length)}
          ariaDescribedBy={describedBy}
          disabled={props.disabled}
          readOnly={props.readonly}
        />
      </div>
      <div className="range-bound">
        <span className="range-label" id={`${id}-to-label`}>
          {t('form:range.to')}
        </span>
        <DateTimeInput
          id={`${id}_to`}
          value={to ?? undefined}
          onChange={(value) => change(from, value ?? null)}
          ariaLabel={`${t(props.schema.title ?? props.name)} – ${t('form:range.to')}`}
          ariaInvalid={Boolean(errors?.[1]?.__errors?.length)}
          ariaDescribedBy={describedBy}
          disabled={props.disabled}
          readOnly={props.readonly}
        />
      </div>
      {nested.length > 0 && <FieldMessage id={boundsId} error={nested.join('\n')} />}
    </div>
  );
}
