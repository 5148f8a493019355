// The one reading of schemas/permissions.json, shared by the server (authority) and the client (hiding).
import matrix from '../../schemas/permissions.json' with { type: 'json' };
import type { RepresentativeKind, UserType } from './permissionNames.ts';

export type { Permission, RepresentativeKind, UserType } from './permissionNames.ts';
export { hasAnyPermission } from './permissionCheck.ts';
export type Role = keyof typeof matrix.roles;

export const ALL_PERMISSIONS: readonly string[] = matrix.permissions;

export function roleOf(type: UserType, kind?: RepresentativeKind | null): Role {
  if (type === 'USER') return kind === 'SPECIAL' ? 'USER_SPECIAL' : 'USER_GENERAL';
  return type;
}

export function permissionsOf(type: UserType, kind?: RepresentativeKind | null): string[] {
  return [...matrix.roles[roleOf(type, kind)]];
}
