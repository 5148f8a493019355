// Every i18n key screens.json and the form/entity/filter schemas use exists in every language; the languages
// have the same keys.
import { languagesMissing, localeFile, pluralProblems, usedKeys } from './locales.ts';
import { isObject, pointer, problem, type JsonObject, type Problem } from './problem.ts';
import { ACTION_LISTS, columnListsOf, isUiSchemaFile, objectsAt, REQUIRED_LANGUAGES, screensOf, SCREENS_FILE, stringAt, type Project } from './project.ts';
import { walkSchema } from './schemaWalk.ts';
import { walkUiHints } from './uiSchema.ts';

interface KeyUse {
  file: string;
  path: string;
  key: string;
}

/** Directories whose schemas describe what users see: their title and description values are i18n keys. */
const TRANSLATED_SCHEMA_DIRS = ['schemas/forms/', 'schemas/entities/', 'schemas/filters/'];
/** ui hints that users read. */
const TRANSLATED_UI_HINTS = ['ui:title', 'ui:description', 'ui:help', 'ui:placeholder'];

function screenKeyUses(project: Project): KeyUse[] {
  const uses: KeyUse[] = [];
  const use = (owner: JsonObject, path: string, key: string): void => {
    const value = stringAt(owner, key);
    if (value !== undefined) uses.push({ file: SCREENS_FILE, path: pointer(path, key), key: value });
  };
  for (const entry of screensOf(project)) {
    const { value: screen, path } = entry;
    use(screen, path, 'title');
    use(screen, path, 'successMessage');
    if (isObject(screen.nav)) use(screen.nav, pointer(path, 'nav'), 'label');
    for (const { owner, ownerPath, key } of columnListsOf(entry)) {
      for (const { value, index } of objectsAt(owner, key)) use(value, pointer(ownerPath, key, index), 'title');
    }
    for (const { value, index } of objectsAt(screen, 'lists')) {
      use(value, pointer(path, 'lists', index), 'title');
      use(value, pointer(path, 'lists', index), 'emptyMessage');
    }
    for (const { value, index } of objectsAt(screen, 'emptyMessages')) use(value, pointer(path, 'emptyMessages', index), 'text');
    for (const { value, index } of objectsAt(screen, 'tabs')) use(value, pointer(path, 'tabs', index), 'title');
    for (const { value, index } of objectsAt(screen, 'panels')) {
      use(value, pointer(path, 'panels', index), 'title');
      if (isObject(value.link)) use(value.link, pointer(path, 'panels', index, 'link'), 'label');
    }
    if (isObject(screen.period)) use(screen.period, pointer(path, 'period'), 'message');
    if (isObject(screen.export)) use(screen.export, pointer(path, 'export'), 'label');
    for (const list of ACTION_LISTS) {
      for (const { value, index } of objectsAt(screen, list)) {
        use(value, pointer(path, list, index), 'label');
        use(value, pointer(path, list, index), 'confirm');
        if (isObject(value.successField)) use(value.successField, pointer(path, list, index, 'successField'), 'label');
      }
    }
    if (isObject(screen.successField)) use(screen.successField, pointer(path, 'successField'), 'label');
  }
  return uses;
}

function schemaKeyUses(project: Project): KeyUse[] {
  const uses: KeyUse[] = [];
  for (const [file, value] of project.schemaFiles) {
    if (!TRANSLATED_SCHEMA_DIRS.some((dir) => file.startsWith(dir))) continue;
    if (isUiSchemaFile(file)) {
      walkUiHints(value, '', (node, path) => {
        for (const hint of TRANSLATED_UI_HINTS) {
          if (typeof node[hint] === 'string') uses.push({ file, path: pointer(path, hint), key: node[hint] as string });
        }
        const choices = node['ui:choices'];
        if (Array.isArray(choices)) {
          choices.forEach((choice, i) => {
            if (!isObject(choice)) return;
            if (typeof choice.title === 'string') uses.push({ file, path: pointer(path, 'ui:choices', i, 'title'), key: choice.title });
            const options = Array.isArray(choice.options) ? choice.options : [];
            options.forEach((option, j) => {
              if (isObject(option) && typeof option.label === 'string') uses.push({ file, path: pointer(path, 'ui:choices', i, 'options', j, 'label'), key: option.label });
            });
          });
        }
      });
      continue;
    }
    walkSchema(value, '', (node, path) => {
      for (const annotation of ['title', 'description']) {
        if (typeof node[annotation] === 'string') uses.push({ file, path: pointer(path, annotation), key: node[annotation] as string });
      }
    });
  }
  return uses;
}

export function checkI18nKeys(project: Project): Problem[] {
  const problems: Problem[] = [];
  for (const { file, path, key } of [...screenKeyUses(project), ...schemaKeyUses(project)]) {
    const missing = languagesMissing(project, key);
    if (missing.length > 0) problems.push(problem(file, path, `i18n key "${key}" is missing in ${missing.join(' and ')}`));
  }
  return problems;
}

/** A locale file holds (nested) translations. */
export function checkLocaleShape(project: Project): Problem[] {
  const problems: Problem[] = [];
  for (const [language, namespaces] of project.locales) {
    for (const [namespace, value] of namespaces) {
      if (!isObject(value)) problems.push(problem(localeFile(language, namespace), '', 'must be an object of translations'));
    }
  }
  return problems;
}

/** Every language has the same namespace files with the same keys as en. */
export function checkLocaleParity(project: Project): Problem[] {
  const reference = REQUIRED_LANGUAGES[0];
  const base = project.locales.get(reference);
  if (!base) return [];
  const problems: Problem[] = [];
  for (const [language, namespaces] of project.locales) {
    if (language === reference) {
      for (const [namespace, value] of namespaces) problems.push(...pluralProblems(language, value, localeFile(language, namespace)));
      continue;
    }
    for (const namespace of new Set([...base.keys(), ...namespaces.keys()])) {
      const ours = localeFile(reference, namespace);
      const theirs = localeFile(language, namespace);
      if (!base.has(namespace) || !namespaces.has(namespace)) {
        // one side missing (or unparsable, already reported): say it only when the file is really absent
        const [absent, present] = !namespaces.has(namespace) ? [theirs, ours] : [ours, theirs];
        if (!project.localeFiles.has(absent)) problems.push(problem(absent, '', `file does not exist (${present} does)`));
        continue;
      }
      const [en, other] = [base.get(namespace), namespaces.get(namespace)];
      if (!isObject(en) || !isObject(other)) continue;
      problems.push(...missingKeys(en, other, theirs, ours));
      problems.push(...missingKeys(other, en, ours, theirs));
      problems.push(...pluralProblems(language, other, theirs));
    }
  }
  return problems;
}

/** Keys of one language missing in the other; a group of plural forms counts as one key (its forms differ by language). */
function missingKeys(from: unknown, to: unknown, toFile: string, fromFile: string): Problem[] {
  const problems: Problem[] = [];
  const present = new Set(usedKeys(to).map((k) => pointer('', ...k)));
  for (const key of usedKeys(from)) {
    const path = pointer('', ...key);
    if (!present.has(path)) problems.push(problem(toFile, path, `missing (${fromFile} has "${key.join('.')}")`));
  }
  return problems;
}
