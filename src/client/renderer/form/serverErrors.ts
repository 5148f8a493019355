// Server validation errors placed on the form: under their field when the form shows it, otherwise at the top of
// the form so that no message is lost. Messages stay descriptors until shown (see messages.ts).
import { toErrorSchema, type ErrorSchema } from '@rjsf/utils';
import { encodeMessage } from './messages.ts';
import type { PropertyErrors } from '../../../shared/validation/errors.ts';


/** The top-level property an error path belongs to: "createdAt.between.0" -> "createdAt". */
export function topProperty(property: string): string {
  return property.split('.')[0] ?? '';
}

export function serverErrorSchema(entries: readonly PropertyErrors[], visible: ReadonlySet<string>): ErrorSchema {
  const list = entries.flatMap(({ property, errors }) => {
    const shown = property !== '' && visible.has(topProperty(property));
    return errors.map((error) => ({
      property: shown ? `.${property}` : '',
      message: encodeMessage({ code: error.code, fallback: error.message || undefined }),
      stack: error.code,
    }));
  });
  return toErrorSchema(list);
}
