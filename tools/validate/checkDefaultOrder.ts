// A table screen's default order against the list the server answers: the list orders by its own fields only
// (src/server/toolkit/list.ts), which are not always every field of the entity (a field answered by the item route
// alone, a secret never listed), and refuses any other `orderBy` with 400. A field that is not in the entity at all is
// checkScreenFields.ts's to report, without the server.
import { normaliseCall } from './apiCall.ts';
import { isObject, pointer, problem, type Problem } from './problem.ts';
import { schemaIndexOf, screensOf, SCREENS_FILE, stringAt, type Project } from './project.ts';
import { findProperty } from './schemaProps.ts';
import type { ListRoute } from './serverLists.ts';

export function checkDefaultOrder(project: Project, lists: readonly ListRoute[]): Problem[] {
  const index = schemaIndexOf(project);
  const problems: Problem[] = [];
  for (const { value: screen, path } of screensOf(project)) {
    const order = isObject(screen.defaultOrder) ? stringAt(screen.defaultOrder, 'field') : undefined;
    const call = isObject(screen.api) ? stringAt(screen.api, 'list') : undefined;
    if (screen.kind !== 'table' || order === undefined || call === undefined) continue;
    const [method, url = ''] = call.split(' ');
    const list = lists.find((l) => l.call === normaliseCall(method, url.split('?')[0]));
    // a route of no list of the toolkit takes no order (checkApiCalls.ts reports a call of no route at all)
    if (!list || Object.hasOwn(list.shape.columns, order)) continue;
    const entityFile = stringAt(screen, 'entitySchema');
    const entity = entityFile === undefined ? undefined : project.schemaFiles.get(entityFile);
    if (isObject(entity) && !findProperty(index, { doc: { file: entityFile!, value: entity }, node: entity }, order)) continue;
    const sortable = Object.keys(list.shape.columns).join(', ');
    problems.push(problem(SCREENS_FILE, pointer(path, 'defaultOrder', 'field'), `"${order}" is a field of ${entityFile} that the list ${call} does not order by (it would fail with 400); it orders by: ${sortable}`));
  }
  return problems;
}
