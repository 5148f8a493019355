// The error of a failed action, for the confirm dialog (ActionDialog.tsx) and the bulk bar (BulkBar.tsx); a module of
// its own so that the bulk bar does not load the dialog.
import { ApiError } from '../../core/apiError.ts';
import { errorMessage, validationMessage } from '../../core/fieldErrors.ts';
import type { Translate } from './format.ts';

/** What the modal says about a failed call, in the user's language. */
export function actionErrorText(error: unknown, t: Translate): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return t('access.refused');
    if (error.validationErrors?.length) {
      return error.validationErrors.flatMap(({ errors }) => errors.map((item) => validationMessage(t, item.code, item.message))).join('\n');
    }
    if (error.code) return errorMessage(t, error.code, error.message);
  }
  return t('table:confirm.failed');
}
