// The server's errors a generated form shows under its visible fields: each stays until its field is edited.
import type { UiSchema } from '@rjsf/utils';
import { useEffect, useMemo, useState } from 'react';
import type { PropertyErrors } from '../../../shared/validation/errors.ts';
import type { JsonSchema } from '../schemas.ts';
import { serverErrorSchema, topProperty } from './serverErrors.ts';

type Data = Record<string, unknown>;

/** [extraErrors, noteEdits]: a tuple, as useState's (the form route's start-up budget). */
export function useShownServerErrors(serverErrors: PropertyErrors[] | undefined, schema: JsonSchema, hidden: readonly string[], ui: UiSchema) {
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setEdited(new Set()), [serverErrors]);
  const hiddenKey = hidden.join(',');
  const extraErrors = useMemo(() => {
    const visible = new Set(Object.keys(schema.properties ?? {}).filter((name) => !hidden.includes(name) && ui[name]?.['ui:widget'] !== 'hidden'));
    const pending = (serverErrors ?? []).filter((entry) => !edited.has(topProperty(entry.property)));
    return pending.length ? serverErrorSchema(pending, visible) : undefined;
  }, [serverErrors, edited, hiddenKey, schema, ui]);

  /** Marks the fields whose value differs between `data` and `next` as edited. */
  const noteEdits = (data: Data, next: Data) => {
    const changed = Object.keys({ ...data, ...next }).filter((name) => JSON.stringify(data[name]) !== JSON.stringify(next[name]));
    if (changed.length && serverErrors?.length) setEdited((previous) => new Set([...previous, ...changed]));
  };
  return [extraErrors, noteEdits] as const;
}
