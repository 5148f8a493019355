// The client's translations: the texts of each language by namespace (one locale file each), the current
// language, and the components to re-render when either changes. What the app uses of a translation library
// and no more: `t('key')` in the default namespace, `t('ns:key')`, `{{name}}` placeholders (not escaped: React
// escapes), `defaultValue`, and the key itself (without its namespace) for a missing text. No plurals, context,
// nesting or fallback language.
//
// t() is called thousands of times for a page of rows, so a namespace is flattened once, when it arrives, into a
// map from the dotted key to its text, with the placeholders of a text split out beforehand: a call is a map
// lookup, and a text without placeholders is returned as it is.
//
// Free of React, so that start-up code can load the first screen's texts before React is in: the hook that
// components use is bindTranslationHook (core/useTranslation.ts).

/** The content of a locale file: nested objects whose leaves are texts. */
export type Texts = Readonly<Record<string, unknown>>;
/** The values of a text's placeholders, and `defaultValue`: the text (placeholders filled too) when the key has none. */
export type TranslateOptions = Readonly<Record<string, unknown>>;
export type Translate = (key: string, options?: TranslateOptions) => string;

/** What a component reads of the translations besides `t`. */
export interface LanguageView {
  /** The current language. */
  readonly language: string;
  /** Whether the current language has a text for the key (`ns:key`, or a key of the default namespace). */
  exists(key: string): boolean;
  /** Whether a namespace of the current language is in. */
  isLoaded(namespace: string): boolean;
}

export interface Translation {
  /** Texts of the hook's namespace by key, of another one by `ns:key`. A new function whenever the texts change. */
  t: Translate;
  i18n: LanguageView;
}

export interface TranslationsOptions {
  /** The language until start-up picks one (setLanguage). */
  language: string;
  /** Every namespace of a language: what loadLanguage and changeLanguage load. */
  namespaces: readonly string[];
  /** The locale file of a language and namespace; undefined when there is none. */
  load(language: string, namespace: string): Promise<Texts> | undefined;
  /** The namespace of keys without `ns:`; `common` by default. */
  defaultNamespace?: string;
  /** How many times a failed file is requested again: 2 by default. */
  retries?: number;
  /** Milliseconds before the first new request, doubled for each further one: 350 by default. */
  retryDelay?: number;
}

export interface Translations {
  /** The current language. */
  readonly language: string;
  /** Texts of the current language; keys without `ns:` are read in the default namespace. */
  t: Translate;
  /** The namespace of keys without `ns:`. */
  readonly defaultNamespace: string;
  /** Counts the changes that components can see (a snapshot for useSyncExternalStore). */
  readonly version: number;
  /**
   * `t` with `namespace` for keys without `ns:`, and the language, as of `version`: the same objects until
   * something changes, and new ones after, so memoised results that used them are made again.
   */
  translation(namespace: string, version: number): Translation;
  /** Called after the language changes or texts of the current language arrive or are replaced. */
  subscribe(listener: () => void): () => void;
  hasTexts(language: string, namespace: string): boolean;
  /** Adds a namespace's texts, or replaces them (live edits in development). */
  addTexts(language: string, namespace: string, texts: Texts): void;
  /** Loads those of the namespaces that are not in yet; rejects naming the ones that could not be loaded. */
  loadTexts(language: string, namespaces: readonly string[]): Promise<void>;
  /** Loads every namespace of a language that is not in yet, without switching to it. */
  loadLanguage(language: string): Promise<void>;
  /** Switches at once, whatever of the language is in (start-up, before anything is shown). */
  setLanguage(language: string): void;
  /**
   * Switches once every namespace of the language is in: at once when they are, after loading the missing ones
   * otherwise. Rejects, keeping the current language, when they cannot be loaded. Resolves to whether the language
   * is now this one: false when another choice was made while these texts were loading (the later choice wins).
   */
  changeLanguage(language: string): Promise<boolean>;
}

/** A text with placeholders: parts[0] names[0] parts[1] ... names[n-1] parts[n]. */
class Template {
  constructor(
    readonly source: string,
    readonly parts: readonly string[],
    readonly names: readonly string[],
  ) {}
}

type Entry = string | Template;

/** The text as it is when it has no `{{name}}` placeholder, its parts and names otherwise. */
function compile(text: string): Entry {
  let open = text.indexOf('{{');
  if (open === -1) return text;
  const parts: string[] = [];
  const names: string[] = [];
  let from = 0;
  while (open !== -1) {
    const close = text.indexOf('}}', open + 2);
    if (close === -1) break;
    parts.push(text.slice(from, open));
    names.push(text.slice(open + 2, close).trim());
    from = close + 2;
    open = text.indexOf('{{', from);
  }
  if (names.length === 0) return text;
  parts.push(text.slice(from));
  return new Template(text, parts, names);
}

/** Fills the placeholders; one left without a value (not named in `values`) stays as it is written. */
function fill(template: Template, values: TranslateOptions | undefined): string {
  if (values === undefined) return template.source;
  const { parts, names } = template;
  let result = parts[0];
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    const value = values[name];
    if (typeof value === 'string') result += value;
    else if (value !== undefined && value !== null) result += String(value);
    else if (value === undefined && !(name in values)) result += `{{${name}}}`;
    result += parts[i + 1];
  }
  return result;
}

/** Every text of a locale file under its dotted key (`a.b.c`); what is not a text (or an object of them) is left out. */
function flatten(tree: unknown, prefix: string, into: Map<string, Entry>): Map<string, Entry> {
  if (tree === null || typeof tree !== 'object' || Array.isArray(tree)) return into;
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') into.set(path, compile(value));
    else flatten(value, path, into);
  }
  return into;
}

/** The texts of one language. */
interface LanguageTexts {
  readonly byNamespace: Map<string, Map<string, Entry>>;
  /** Every text of the language under `ns:key`. */
  readonly byFullKey: Map<string, Entry>;
}

function find(texts: LanguageTexts, namespace: string, key: string): Entry | undefined {
  // A key with `ns:` is never found in a namespace (no key of a locale file holds a colon), one without never in
  // byFullKey: so no need to look for the colon.
  return texts.byNamespace.get(namespace)?.get(key) ?? texts.byFullKey.get(key);
}

function translate(texts: LanguageTexts, namespace: string, key: string, options: TranslateOptions | undefined): string {
  let entry = find(texts, namespace, key);
  if (entry === undefined) {
    const fallback = options?.defaultValue;
    if (typeof fallback !== 'string') {
      const colon = key.indexOf(':');
      return colon === -1 ? key : key.slice(colon + 1);
    }
    entry = compile(fallback);
  }
  return typeof entry === 'string' ? entry : fill(entry, options);
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function createTranslations(options: TranslationsOptions): Translations {
  const defaultNamespace = options.defaultNamespace ?? 'common';
  const retries = options.retries ?? 2;
  const retryDelay = options.retryDelay ?? 350;
  const languages = new Map<string, LanguageTexts>();
  const listeners = new Set<() => void>();
  const loading = new Map<string, Promise<void>>();

  function textsOf(language: string): LanguageTexts {
    let texts = languages.get(language);
    if (texts === undefined) {
      texts = { byNamespace: new Map(), byFullKey: new Map() };
      languages.set(language, texts);
    }
    return texts;
  }

  let language = options.language;
  let current = textsOf(language);
  /** Counts the changes that components can see: the snapshot useSyncExternalStore compares. */
  let version = 0;
  /** The language of the last changeLanguage call. */
  let wanted: string | undefined;

  function changed(): void {
    version++;
    for (const listener of [...listeners]) listener();
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }

  function hasTexts(lang: string, namespace: string): boolean {
    return languages.get(lang)?.byNamespace.has(namespace) ?? false;
  }

  function addTexts(lang: string, namespace: string, tree: Texts): void {
    const texts = textsOf(lang);
    const old = texts.byNamespace.get(namespace);
    if (old) for (const key of old.keys()) texts.byFullKey.delete(`${namespace}:${key}`);
    const flat = flatten(tree, '', new Map());
    texts.byNamespace.set(namespace, flat);
    for (const [key, entry] of flat) texts.byFullKey.set(`${namespace}:${key}`, entry);
    // Texts of another language show nowhere until it is switched to, which re-renders anyway.
    if (lang === language) changed();
  }

  async function request(lang: string, namespace: string): Promise<Texts> {
    for (let attempt = 0; ; attempt++) {
      const file = options.load(lang, namespace);
      if (file === undefined) throw new Error(`No texts for ${lang}/${namespace}`);
      try {
        return await file;
      } catch (error) {
        // A chunk request can fail on a flaky connection.
        if (attempt >= retries) throw error;
        await wait(retryDelay * 2 ** attempt);
      }
    }
  }

  /** One request per language and namespace at a time; after a failure the next call asks again. */
  function loadNamespace(lang: string, namespace: string): Promise<void> {
    const id = `${lang}/${namespace}`;
    let pending = loading.get(id);
    if (pending === undefined) {
      pending = request(lang, namespace)
        .then((tree) => addTexts(lang, namespace, tree))
        .finally(() => loading.delete(id));
      loading.set(id, pending);
    }
    return pending;
  }

  async function loadTexts(lang: string, namespaces: readonly string[]): Promise<void> {
    const missing = namespaces.filter((namespace) => !hasTexts(lang, namespace));
    if (missing.length === 0) return;
    await Promise.allSettled(missing.map((namespace) => loadNamespace(lang, namespace)));
    const failed = missing.filter((namespace) => !hasTexts(lang, namespace));
    if (failed.length > 0) throw new Error(`Texts could not be loaded: ${failed.map((namespace) => `${lang}/${namespace}`).join(', ')}`);
  }

  function setLanguage(lang: string): void {
    wanted = lang;
    if (lang === language) return;
    language = lang;
    current = textsOf(lang);
    changed();
  }

  function changeLanguage(lang: string): Promise<boolean> {
    wanted = lang;
    // Switched in this call when nothing is missing, so the next render already shows the language.
    if (options.namespaces.every((namespace) => hasTexts(lang, namespace))) {
      setLanguage(lang);
      return Promise.resolve(true);
    }
    return loadTexts(lang, options.namespaces).then(() => {
      if (wanted !== lang) return false;
      setLanguage(lang);
      return true;
    });
  }

  const t: Translate = (key, values) => translate(current, defaultNamespace, key, values);

  // The objects useTranslation hands out, made once per version and namespace: the same `t` and view for every
  // render until something changes, and new ones after, so memoised results that used them are made again.
  let cachedVersion = -1;
  let view: LanguageView | undefined;
  const cached = new Map<string, Translation>();

  function translationAt(namespace: string, at: number): Translation {
    if (cachedVersion !== at || view === undefined) {
      cached.clear();
      cachedVersion = at;
      view = {
        language,
        exists: (key) => find(current, defaultNamespace, key) !== undefined,
        isLoaded: (name) => current.byNamespace.has(name),
      };
    }
    let translation = cached.get(namespace);
    if (translation === undefined) {
      translation = { t: (key, values) => translate(current, namespace, key, values), i18n: view };
      cached.set(namespace, translation);
    }
    return translation;
  }

  return {
    get language() {
      return language;
    },
    get version() {
      return version;
    },
    defaultNamespace,
    t,
    translation: translationAt,
    subscribe,
    hasTexts,
    addTexts,
    loadTexts,
    loadLanguage: (lang) => loadTexts(lang, options.namespaces),
    setLanguage,
    changeLanguage,
  };
}
