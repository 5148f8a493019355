// Where an action, a back button or a dashboard panel's link leads must be a screen: a route no screen has renders the "not found" page.
// Matching follows react-router's rules (as src/client/core/routeMatch.ts does): `:name` in a screen's route takes any value,
// `:name?` may be left out and a trailing `*` takes the rest. A `:name` in the target is filled from the row, so it only
// matches a parameter of the screen.
import { isObject, pointer, problem, type Problem } from './problem.ts';
import { ACTION_LISTS, objectsAt, screensOf, SCREENS_FILE, stringAt, type Project } from './project.ts';

type Segment = { kind: 'literal'; text: string } | { kind: 'param'; optional: boolean } | { kind: 'splat' };

function segmentOf(text: string): Segment {
  if (text === '*') return { kind: 'splat' };
  if (text.startsWith(':')) return { kind: 'param', optional: text.endsWith('?') };
  return { kind: 'literal', text };
}

/** Every path shape the route stands for: one per choice of leaving out its optional parameters. */
function variants(route: string): Segment[][] {
  const segments = route.split('/').filter((part) => part !== '').map(segmentOf);
  let found: Segment[][] = [[]];
  for (const segment of segments) {
    const withIt = found.map((variant) => [...variant, segment]);
    found = segment.kind === 'param' && segment.optional ? [...found, ...withIt] : withIt;
  }
  return found;
}

function matches(target: Segment[], screen: Segment[]): boolean {
  if (screen.length === 0) return target.length === 0;
  const [s, ...screenRest] = screen;
  if (s.kind === 'splat') return true;
  if (target.length === 0) return false;
  const [t, ...targetRest] = target;
  const fits = s.kind === 'param' ? t.kind !== 'splat' : t.kind === 'literal' && t.text === s.text;
  return fits && matches(targetRest, screenRest);
}

export function checkRouteTargets(project: Project): Problem[] {
  const screens = screensOf(project);
  const shapes = screens.flatMap(({ value }) => {
    const route = stringAt(value, 'route');
    return route === undefined ? [] : variants(route);
  });
  const leadsToScreen = (route: string): boolean =>
    variants(route).some((target) => shapes.some((shape) => matches(target, shape)));

  const problems: Problem[] = [];
  const check = (route: string | undefined, path: string): void => {
    if (route !== undefined && !leadsToScreen(route)) {
      problems.push(problem(SCREENS_FILE, path, `route "${route}" is not the route of any screen in ${SCREENS_FILE}`));
    }
  };
  for (const { value: screen, path } of screens) {
    check(stringAt(screen, 'backRoute'), pointer(path, 'backRoute'));
    for (const list of ACTION_LISTS) {
      for (const { value: action, index } of objectsAt(screen, list)) check(stringAt(action, 'route'), pointer(path, list, index, 'route'));
    }
    for (const { value: panel, index } of objectsAt(screen, 'panels')) {
      if (isObject(panel.link)) check(stringAt(panel.link, 'route'), pointer(path, 'panels', index, 'link', 'route'));
    }
  }
  return problems;
}
