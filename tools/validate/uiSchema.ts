// Walking RJSF ui hints: keys starting with "ui:" are hints, every other key names a property (or "items").
import { isObject, pointer, type JsonObject } from './problem.ts';

export function walkUiHints(node: unknown, path: string, visit: (node: JsonObject, path: string) => void): void {
  if (!isObject(node)) return;
  visit(node, path);
  for (const [key, value] of Object.entries(node)) {
    if (!key.startsWith('ui:')) walkUiHints(value, pointer(path, key), visit);
  }
}
