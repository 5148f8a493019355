// The role matrix (schemas/permissions.json) and every permission and user type screens.json names.
// Types only: the module itself loads schemas/permissions.json as code, and a broken matrix must be reported here,
// not stop the tool before it starts.
import type { Role, UserType } from '../../src/shared/permissions.ts';
import { isObject, pointer, problem, type JsonObject, type Problem } from './problem.ts';
import { ACTION_LISTS, columnListsOf, objectsAt, PERMISSIONS_FILE, screensOf, SCREENS_FILE, stringsAt, type Project } from './project.ts';
import type { RoutePermissions } from './routePermissions.ts';

/**
 * The roles a user of each type can have, as roleOf (src/shared/permissions.ts) maps them; the unit test of this tool
 * holds the two together. A Record so that adding a user type to the shared type without listing it here fails to compile.
 */
export const ROLES_OF_USER_TYPE: Record<UserType, readonly Role[]> = {
  USER: ['USER_GENERAL', 'USER_SPECIAL'],
  ADMIN: ['ADMIN'],
  SUPER_ADMIN: ['SUPER_ADMIN'],
  RECIPIENT: ['RECIPIENT'],
};
const KNOWN_USER_TYPES = Object.keys(ROLES_OF_USER_TYPE) as UserType[];

/** Every role some user can have. */
const EXPECTED_ROLES = new Set<string>(Object.values(ROLES_OF_USER_TYPE).flat());

/** The declared permission names, or undefined when the matrix is unusable (and reported by checkPermissionMatrix). */
function declaredPermissions(project: Project): Set<string> | undefined {
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
    for (const { owner, ownerPath, key } of columnListsOf(screen)) {
      for (const { value, index } of objectsAt(owner, key)) checkList(value, pointer(ownerPath, key, index));
    }
    for (const { value, index } of objectsAt(screen.value, 'emptyMessages')) checkList(value, pointer(screen.path, 'emptyMessages', index));
    for (const { value, index } of objectsAt(screen.value, 'panels')) checkList(value, pointer(screen.path, 'panels', index));
    for (const { value, index } of objectsAt(screen.value, 'tabs')) checkList(value, pointer(screen.path, 'tabs', index));
  }
  return problems;
}

export function checkUserTypes(project: Project): Problem[] {
  const problems: Problem[] = [];
  const checkList = (owner: unknown, path: string): void => {
    if (!isObject(owner)) return;
    for (const { value, index } of stringsAt(owner, 'userTypes')) {
      if (!(KNOWN_USER_TYPES as string[]).includes(value)) {
        problems.push(problem(SCREENS_FILE, pointer(path, 'userTypes', index), `unknown user type "${value}" (user types: ${KNOWN_USER_TYPES.join(', ')})`));
      }
    }
  };
  for (const screen of screensOf(project)) {
    checkList(screen.value, screen.path);
    checkList(screen.value.nav, pointer(screen.path, 'nav'));
    for (const list of ACTION_LISTS) {
      for (const { value, index } of objectsAt(screen.value, list)) checkList(value, pointer(screen.path, list, index));
    }
  }
  return problems;
}

/** role -> the permissions it holds, from the parsed matrix (its own mistakes are reported by checkPermissionMatrix). */
function heldByRole(project: Project): Map<string, Set<string>> | undefined {
  const doc = project.permissionsDoc;
  if (!isObject(doc) || !isObject(doc.roles)) return undefined;
  const held = new Map<string, Set<string>>();
  for (const [role, permissions] of Object.entries(doc.roles)) {
    if (Array.isArray(permissions)) held.set(role, new Set(permissions.filter((p): p is string => typeof p === 'string')));
  }
  return held;
}

/**
 * A screen, nav entry or action that requires permissions no role holds is shown to nobody (any one permission
 * suffices, none means open). A nav entry limited to some user types is judged by those types' roles only.
 * Lists naming an unknown permission are left to checkScreenPermissions.
 */
export function checkPermissionsHeld(project: Project): Problem[] {
  const known = declaredPermissions(project);
  const held = heldByRole(project);
  if (!known || !held) return [];
  const problems: Problem[] = [];
  const allRoles = [...held.keys()];
  const check = (permissions: string[], roles: string[], path: string, what: string): void => {
    // roles missing from the matrix are reported by checkPermissionMatrix
    if (roles.length === 0 || permissions.length === 0 || permissions.some((p) => !known.has(p))) return;
    if (roles.some((role) => permissions.some((p) => held.get(role)?.has(p)))) return;
    const among = roles === allRoles ? `no role in ${PERMISSIONS_FILE}` : `no role of ${roles.join(', ')} in ${PERMISSIONS_FILE}`;
    const list = permissions.map((p) => `"${p}"`).join(', ');
    problems.push(problem(SCREENS_FILE, path, `${among} holds ${permissions.length === 1 ? list : `any of ${list}`}: ${what}`));
  };
  const listed = (owner: JsonObject): string[] | undefined =>
    Array.isArray(owner.permissions) ? stringsAt(owner, 'permissions').map(({ value }) => value) : undefined;

  /** The roles of the user types an object is limited to (`userTypes`), or every role. */
  const rolesOf = (owner: JsonObject): { roles: string[]; limited: boolean } => {
    const types = stringsAt(owner, 'userTypes').map(({ value }) => value).filter((t): t is UserType => Object.hasOwn(ROLES_OF_USER_TYPE, t));
    if (types.length === 0) return { roles: allRoles, limited: false };
    return { roles: types.flatMap((t) => [...ROLES_OF_USER_TYPE[t]]).filter((r) => held.has(r)), limited: true };
  };

  for (const entry of screensOf(project)) {
    const { value: screen, path } = entry;
    const screenPermissions = listed(screen) ?? [];
    const screenRoles = rolesOf(screen);
    check(screenPermissions, screenRoles.roles, pointer(path, screenRoles.limited ? 'userTypes' : 'permissions'), 'nobody can open this screen');
    if (isObject(screen.nav)) {
      const nav = screen.nav;
      const { roles, limited } = rolesOf(nav);
      const own = listed(nav);
      // the entry shows by its own permissions when it has them, else by the screen's (already judged for all roles)
      if (own) check(own, roles, pointer(path, 'nav', 'permissions'), 'the navigation entry shows to nobody');
      else if (limited) check(screenPermissions, roles, pointer(path, 'nav', 'userTypes'), 'the navigation entry shows to nobody');
    }
    for (const list of ACTION_LISTS) {
      for (const { value: action, index } of objectsAt(screen, list)) {
        const { roles, limited } = rolesOf(action);
        check(listed(action) ?? [], roles, pointer(path, list, index, limited ? 'userTypes' : 'permissions'), 'nobody sees this action');
      }
    }
    for (const { owner, ownerPath, key } of columnListsOf(entry)) {
      for (const { value: column, index } of objectsAt(owner, key)) {
        check(listed(column) ?? [], allRoles, pointer(ownerPath, key, index, 'permissions'), 'nobody sees this column');
      }
    }
  }
  return problems;
}

/**
 * Every permission a route of the server requires (config.permissions, keyPermissions) is one the role matrix
 * defines; a name nobody can hold closes the route to everyone. The typecheck catches a literal; this catches the rest.
 */
export function checkRoutePermissions(project: Project, routes: readonly RoutePermissions[]): Problem[] {
  const known = declaredPermissions(project);
  if (!known) return [];
  const problems: Problem[] = [];
  for (const route of routes) {
    for (const name of route.permissions) {
      if (!known.has(name)) problems.push(problem(route.file, route.call, `permission "${name}" is defined by no role in ${PERMISSIONS_FILE}`));
    }
  }
  return problems;
}
