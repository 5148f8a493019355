// Looking up i18n keys the way the client's i18next does (src/client/core/textStore.ts): "a.b.c" in the namespace
// common, "ns:a.b.c" in locales/xx/ns.json; a key used with a count is a group of plural forms, x_one, x_other, ...
// by the language's own rules (en: one, other; pl: one, few, many, other).
import { isObject, pointer, problem, type Problem } from './problem.ts';
import { DEFAULT_NAMESPACE, LOCALES_DIR, type Project } from './project.ts';

export function splitKey(key: string): { namespace: string; path: string } {
  const colon = key.indexOf(':');
  return colon === -1 ? { namespace: DEFAULT_NAMESPACE, path: key } : { namespace: key.slice(0, colon), path: key.slice(colon + 1) };
}

export function localeFile(language: string, namespace: string): string {
  return `${LOCALES_DIR}/${language}/${namespace}.json`;
}

/** The plural categories of a language, as i18next picks among them (Intl.PluralRules). */
function pluralCategories(language: string): string[] {
  const order = ['zero', 'one', 'two', 'few', 'many', 'other'];
  return [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

const PLURAL_SUFFIX = /^(.+)_(zero|one|two|few|many|other)$/;

/** `x` and `one` for the key `x_one`; undefined for a key that is no plural form. */
export function pluralForm(key: string): { base: string; category: string } | undefined {
  const match = PLURAL_SUFFIX.exec(key);
  return match ? { base: match[1], category: match[2] } : undefined;
}

/** Nested lookup that, like i18next, also accepts keys that themselves contain dots. */
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

/** A text at the key, or every plural form the language has of it (a key used with a count). */
function hasText(resources: unknown, path: string, language: string): boolean {
  const parts = path.split('.');
  if (typeof find(resources, parts) === 'string') return true;
  const last = parts.length - 1;
  return pluralCategories(language).every((category) => typeof find(resources, [...parts.slice(0, last), `${parts[last]}_${category}`]) === 'string');
}

/** The locale files (one per language) in which the key has no text; [] when every language has it. */
export function languagesMissing(project: Project, key: string): string[] {
  const { namespace, path } = splitKey(key);
  const missing: string[] = [];
  for (const [language, namespaces] of project.locales) {
    if (!hasText(namespaces.get(namespace), path, language)) missing.push(localeFile(language, namespace));
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

/**
 * The keys the code uses, as segment lists: a leaf as it is, a plural form as its group (`x` for x_one, x_few, ...),
 * so that languages with different plural forms compare equal.
 */
export function usedKeys(node: unknown): string[][] {
  const seen = new Set<string>();
  const keys: string[][] = [];
  for (const leaf of leafKeys(node)) {
    const form = leaf.length > 0 ? pluralForm(leaf[leaf.length - 1]) : undefined;
    const key = form ? [...leaf.slice(0, -1), form.base] : leaf;
    const id = pointer('', ...key);
    if (!seen.has(id)) {
      seen.add(id);
      keys.push(key);
    }
  }
  return keys;
}

/** A plural group lacking a form its language has, or holding one it has not. */
export function pluralProblems(language: string, node: unknown, file: string): Problem[] {
  const categories = pluralCategories(language);
  const groups = new Map<string, { key: string[]; forms: Set<string> }>();
  for (const leaf of leafKeys(node)) {
    const form = leaf.length > 0 ? pluralForm(leaf[leaf.length - 1]) : undefined;
    if (!form) continue;
    const key = [...leaf.slice(0, -1), form.base];
    const id = pointer('', ...key);
    const group = groups.get(id) ?? { key, forms: new Set<string>() };
    group.forms.add(form.category);
    groups.set(id, group);
  }
  const problems: Problem[] = [];
  for (const { key, forms } of groups.values()) {
    const name = key.join('.');
    for (const category of categories) {
      if (!forms.has(category)) problems.push(problem(file, pointer('', ...key.slice(0, -1), `${key[key.length - 1]}_${category}`), `missing: the plural form "${category}" of "${name}" (${language}: ${categories.join(', ')})`));
    }
    for (const category of forms) {
      if (!categories.includes(category)) problems.push(problem(file, pointer('', ...key.slice(0, -1), `${key[key.length - 1]}_${category}`), `"${category}" is no plural form of ${language} (${categories.join(', ')}): never shown`));
    }
  }
  return problems;
}
