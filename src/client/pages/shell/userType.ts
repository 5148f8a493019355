import type { RepresentativeKind, UserType } from '../../../shared/permissionNames.ts';

/** Locale key of a user type; a USER is shown as a (General or Special) Representative. */
export function userTypeLabelKey(type: UserType, kind: RepresentativeKind | null | undefined): string {
  if (type === 'USER') return kind === 'SPECIAL' ? 'userTypes.USER_SPECIAL' : kind === 'GENERAL' ? 'userTypes.USER_GENERAL' : 'userTypes.USER';
  return `userTypes.${type}`;
}
