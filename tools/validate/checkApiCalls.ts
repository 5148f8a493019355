// Every API call a screen names must be a route of the server.
import { isObject, pointer, problem, type Problem } from './problem.ts';
import { ACTION_LISTS, objectsAt, screensOf, SCREENS_FILE, stringAt, type Project } from './project.ts';
import { normaliseCall } from './apiCall.ts';

interface Call {
  call: string;
  path: string;
  /** Normalised, without its query. */
  key: string;
}

function callsOf(project: Project): Call[] {
  const calls: Call[] = [];
  const add = (call: string | undefined, path: string): void => {
    if (!call) return;
    const [method, url] = call.split(' ');
    calls.push({ call, path, key: normaliseCall(method, (url ?? '').split('?')[0]) });
  };
  for (const { value: screen, path } of screensOf(project)) {
    const api = screen.api;
    if (isObject(api)) for (const key of ['list', 'load', 'submit', 'template']) add(stringAt(api, key), pointer(path, 'api', key));
    if (isObject(screen.record)) add(stringAt(screen.record, 'api'), pointer(path, 'record', 'api'));
    for (const list of ACTION_LISTS) {
      for (const { value: action, index } of objectsAt(screen, list)) add(stringAt(action, 'api'), pointer(path, list, index, 'api'));
    }
  }
  return calls;
}

export function checkApiCalls(project: Project, routes: Set<string>): Problem[] {
  return callsOf(project)
    .filter(({ key }) => !routes.has(key))
    .map(({ call, path }) => problem(SCREENS_FILE, path, `call "${call}" is not a route of the server`));
}

