// Whether a form with `accountStep` shows its account picker. A form whose loaded record already names the account
// (a duplicate of a payout) opens on the form itself, under the line naming that account, whose "Change" brings the
// picker back; any other starts with the picker. A tuple, as useState's.
import { useState } from 'react';
import type { FormScreen } from '../descriptors.ts';

export function useAccountStep(screen: FormScreen, loaded: { formData: Record<string, unknown> } | null) {
  const field = screen.accountStep?.field;
  const [picking, setPicking] = useState<boolean>();
  const named = Boolean(field && screen.api.load && loaded && loaded.formData[field] != null);
  return [picking ?? Boolean(field && !named), setPicking] as const;
}
