// screens.json: its shape (schemas/screens.schema.json) and what a schema cannot say (unique ids and routes, actions,
// dashboard panels).
import Ajv from 'ajv';
import { describeAjvErrors } from './ajvErrors.ts';
import { pointer, problem, type Problem } from './problem.ts';
import { ACTION_LISTS, objectsAt, screensOf, SCREENS_FILE, SCREENS_SCHEMA_FILE, stringAt, type Project } from './project.ts';

export function checkScreensAgainstSchema(project: Project): Problem[] {
  if (project.screensDoc === undefined) return [];
  const schema = project.schemaFiles.get(SCREENS_SCHEMA_FILE);
  if (schema === undefined) {
    return [problem(SCREENS_FILE, '', `not checked: ${SCREENS_SCHEMA_FILE} is missing or unreadable`)];
  }
  // A plain ajv: the project's one fills in defaults, and this check must never alter what it checks.
  // Strictness of the schema itself is the business of the schema checks; verbose keeps descriptions for messages.
  let validate;
  try {
    validate = new Ajv({ allErrors: true, strict: false, verbose: true }).compile(schema as object);
  } catch (error) {
    return [problem(SCREENS_FILE, '', `not checked: ${SCREENS_SCHEMA_FILE} does not compile (${(error as Error).message})`)];
  }
  if (validate(project.screensDoc)) return [];
  return describeAjvErrors(validate.errors ?? []).map(({ path, message }) => problem(SCREENS_FILE, path, message));
}

/** Routes that differ only in parameter names match the same addresses: /users/:id and /users/:userId clash. */
function routeShape(route: string): string {
  return route.replace(/:[A-Za-z_][A-Za-z0-9_]*(\??)/g, ':$1').replace(/\/+$/, '') || '/';
}

export function checkUniqueScreens(project: Project): Problem[] {
  const problems: Problem[] = [];
  const ids = new Map<string, string>();
  const routes = new Map<string, { path: string; id: string }>();
  for (const { value, path } of screensOf(project)) {
    const id = stringAt(value, 'id');
    const route = stringAt(value, 'route');
    if (id !== undefined) {
      const first = ids.get(id);
      if (first) problems.push(problem(SCREENS_FILE, pointer(path, 'id'), `duplicate screen id "${id}" (first at ${first})`));
      else ids.set(id, path);
    }
    if (route !== undefined) {
      const shape = routeShape(route);
      const first = routes.get(shape);
      if (first) {
        problems.push(problem(SCREENS_FILE, pointer(path, 'route'), `route "${route}" is already taken by screen "${first.id}" (${first.path})`));
      } else routes.set(shape, { path, id: id ?? '?' });
    }
  }
  return problems;
}

/** Each action opens a route or calls the API (exactly one), and its id is unique within its list. */
export function checkActions(project: Project): Problem[] {
  const problems: Problem[] = [];
  for (const screen of screensOf(project)) {
    for (const list of ACTION_LISTS) {
      const ids = new Set<string>();
      for (const { value: action, index } of objectsAt(screen.value, list)) {
        const path = pointer(screen.path, list, index);
        const targets = ['route', 'api'].filter((key) => action[key] !== undefined);
        if (targets.length !== 1) {
          problems.push(problem(SCREENS_FILE, path, targets.length === 0
            ? 'an action needs "route" (to open a screen) or "api" (to call the server)'
            : 'an action has either "route" or "api", not both'));
        }
        const id = stringAt(action, 'id');
        if (id === undefined) continue;
        if (ids.has(id)) problems.push(problem(SCREENS_FILE, pointer(path, 'id'), `duplicate action id "${id}" in ${list}`));
        ids.add(id);
      }
    }
  }
  return problems;
}

/** A dashboard's panel ids are unique within it (each is the id of the panel's element). */
export function checkDashboardPanels(project: Project): Problem[] {
  const problems: Problem[] = [];
  for (const screen of screensOf(project)) {
    const ids = new Map<string, string>();
    for (const { value: panel, index } of objectsAt(screen.value, 'panels')) {
      const id = stringAt(panel, 'id');
      if (id === undefined) continue;
      const path = pointer(screen.path, 'panels', index, 'id');
      const first = ids.get(id);
      if (first) problems.push(problem(SCREENS_FILE, path, `duplicate panel id "${id}" (first at ${first})`));
      else ids.set(id, pointer(screen.path, 'panels', index));
    }
  }
  return problems;
}
