// The signed-in user's permissions, for the requiredPermissions hint of form fields.
import { useSession } from '../../core/session.tsx';

const NONE: readonly string[] = [];

export function usePermissions(): readonly string[] {
  return useSession().me?.permissions ?? NONE;
}
