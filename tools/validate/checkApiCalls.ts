// Every API call a screen names must be a route of the server.
import { isObject, pointer, problem, type Problem } from './problem.ts';
import { ACTION_LISTS, objectsAt, screensOf, SCREENS_FILE, stringAt, type Project } from './project.ts';
import { normaliseCall } from './apiCall.ts';

function missing(call: string | undefined, routes: Set<string>): boolean {
  if (!call) return false;
  const [method, url] = call.split(' ');
  return !routes.has(normaliseCall(method, (url ?? '').split('?')[0]));
}

export function checkApiCalls(project: Project, routes: Set<string>): Problem[] {
  const problems: Problem[] = [];
  for (const { value: screen, path } of screensOf(project)) {
    const api = screen.api;
    if (isObject(api)) {
      for (const key of ['list', 'load', 'submit']) {
        const call = stringAt(api, key);
        if (missing(call, routes)) problems.push(problem(SCREENS_FILE, pointer(path, 'api', key), `call "${call}" is not a route of the server`));
      }
    }
    for (const list of ACTION_LISTS) {
      for (const { value: action, index } of objectsAt(screen, list)) {
        const call = stringAt(action, 'api');
        if (missing(call, routes)) problems.push(problem(SCREENS_FILE, pointer(path, list, index, 'api'), `call "${call}" is not a route of the server`));
      }
    }
  }
  return problems;
}
