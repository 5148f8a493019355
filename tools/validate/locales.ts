// Looking up i18n keys the way the client's t() does (src/client/core/translations.ts): "a.b.c" in the namespace
// common, "ns:a.b.c" in locales/xx/ns.json.
import { isObject } from './problem.ts';
import { DEFAULT_NAMESPACE, LOCALES_DIR, type Project } from './project.ts';

export function splitKey(key: string): { namespace: string; path: string } {
  const colon = key.indexOf(':');
  return colon === -1 ? { namespace: DEFAULT_NAMESPACE, path: key } : { namespace: key.slice(0, colon), path: key.slice(colon + 1) };
}

export function localeFile(language: string, namespace: string): string {
  return `${LOCALES_DIR}/${language}/${namespace}.json`;
}

/** Nested lookup that, like the client's flattened texts, also accepts keys that themselves contain dots. */
function find(node: unknown, parts: string[]): unknown {
  if (parts.length === 0) return node;
  if (!isObject(node)) return undefined;
  for (let i = 1; i <= parts.length; i++) {
    const key = parts.slice(0, i).join('.');
    if (Object.hasOwn(node, key)) {
      const found = find(node[key], parts.slice(i));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

function hasText(resources: unknown, path: string): boolean {
  // The client has no plural forms: a key is a text or it is missing.
  return typeof find(resources, path.split('.')) === 'string';
}

/** The locale files (one per language) in which the key has no text; [] when every language has it. */
export function languagesMissing(project: Project, key: string): string[] {
  const { namespace, path } = splitKey(key);
  const missing: string[] = [];
  for (const [language, namespaces] of project.locales) {
    if (!hasText(namespaces.get(namespace), path)) missing.push(localeFile(language, namespace));
  }
  return missing;
}

/** Every leaf of a locale file as a pointer segment list, e.g. ['nav', 'users']. */
export function leafKeys(node: unknown, prefix: string[] = []): string[][] {
  if (!isObject(node)) return [prefix];
  const keys: string[][] = [];
  for (const [key, value] of Object.entries(node)) keys.push(...leafKeys(value, [...prefix, key]));
  return keys;
}
