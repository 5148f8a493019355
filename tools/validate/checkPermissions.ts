// The role matrix (schemas/permissions.json) and every permission and user type screens.json names.
import { roleOf, type UserType } from '../../src/shared/permissions.ts';
import { isObject, pointer, problem, type Problem } from './problem.ts';
import { ACTION_LISTS, objectsAt, PERMISSIONS_FILE, screensOf, SCREENS_FILE, stringsAt, type Project } from './project.ts';

// A Record so that adding a user type to the shared type without listing it here fails to compile.
const USER_TYPES: Record<UserType, true> = { USER: true, ADMIN: true, SUPER_ADMIN: true, RECIPIENT: true };
export const KNOWN_USER_TYPES = Object.keys(USER_TYPES) as UserType[];

/** Every role some user can have; roleOf is the one mapping from user to role. */
const EXPECTED_ROLES = new Set<string>([
  ...KNOWN_USER_TYPES.filter((type) => type !== 'USER').map((type) => roleOf(type)),
  roleOf('USER', 'GENERAL'),
  roleOf('USER', 'SPECIAL'),
]);

/** The declared permission names, or undefined when the matrix is unusable (and reported by checkPermissionMatrix). */
export function declaredPermissions(project: Project): Set<string> | undefined {
  const doc = project.permissionsDoc;
  if (!isObject(doc) || !Array.isArray(doc.permissions)) return undefined;
  return new Set(doc.permissions.filter((p): p is string => typeof p === 'string'));
}

export function checkPermissionMatrix(project: Project): Problem[] {
  const doc = project.permissionsDoc;
  if (doc === undefined) return [];
  const at = (path: string, message: string): Problem => problem(PERMISSIONS_FILE, path, message);
  if (!isObject(doc)) return [at('', 'must be an object with "permissions" and "roles"')];
  const problems: Problem[] = [];

  const listed = new Set<string>();
  if (!Array.isArray(doc.permissions)) problems.push(at('/permissions', 'must be an array of permission names'));
  else {
    doc.permissions.forEach((name, i) => {
      if (typeof name !== 'string' || name === '') problems.push(at(pointer('/permissions', i), 'must be a permission name'));
      else if (listed.has(name)) problems.push(at(pointer('/permissions', i), `"${name}" is listed twice`));
      else listed.add(name);
    });
  }

  if (!isObject(doc.roles)) {
    problems.push(at('/roles', 'must map each role to its permissions'));
    return problems;
  }
  for (const role of EXPECTED_ROLES) {
    if (!Object.hasOwn(doc.roles, role)) problems.push(at('/roles', `role ${role} is missing`));
  }
  for (const [role, permissions] of Object.entries(doc.roles)) {
    const rolePath = pointer('/roles', role);
    if (!EXPECTED_ROLES.has(role)) problems.push(at(rolePath, `unknown role (roles: ${[...EXPECTED_ROLES].join(', ')})`));
    if (!Array.isArray(permissions)) {
      problems.push(at(rolePath, 'must be an array of permission names'));
      continue;
    }
    const seen = new Set<string>();
    permissions.forEach((name, i) => {
      const path = pointer(rolePath, i);
      if (typeof name !== 'string') problems.push(at(path, 'must be a permission name'));
      else if (seen.has(name)) problems.push(at(path, `"${name}" is listed twice in ${role}`));
      else {
        seen.add(name);
        if (Array.isArray(doc.permissions) && !listed.has(name)) problems.push(at(path, `unknown permission "${name}" (not in /permissions)`));
      }
    });
  }
  return problems;
}

export function checkScreenPermissions(project: Project): Problem[] {
  const known = declaredPermissions(project);
  if (!known) return [];
  const problems: Problem[] = [];
  const checkList = (owner: Record<string, unknown>, path: string): void => {
    for (const { value, index } of stringsAt(owner, 'permissions')) {
      if (!known.has(value)) {
        problems.push(problem(SCREENS_FILE, pointer(path, 'permissions', index), `unknown permission "${value}" (not in ${PERMISSIONS_FILE})`));
      }
    }
  };
  for (const screen of screensOf(project)) {
    checkList(screen.value, screen.path);
    if (isObject(screen.value.nav)) checkList(screen.value.nav, pointer(screen.path, 'nav'));
    for (const list of ACTION_LISTS) {
      for (const { value, index } of objectsAt(screen.value, list)) checkList(value, pointer(screen.path, list, index));
    }
  }
  return problems;
}

export function checkUserTypes(project: Project): Problem[] {
  const problems: Problem[] = [];
  for (const screen of screensOf(project)) {
    if (!isObject(screen.value.nav)) continue;
    for (const { value, index } of stringsAt(screen.value.nav, 'userTypes')) {
      if (!(KNOWN_USER_TYPES as string[]).includes(value)) {
        problems.push(problem(SCREENS_FILE, pointer(screen.path, 'nav', 'userTypes', index),
          `unknown user type "${value}" (user types: ${KNOWN_USER_TYPES.join(', ')})`));
      }
    }
  }
  return problems;
}
