// The headers an import's columns are known by, in both languages, for the browser's check: the server places a
// file's columns by their titles in English and Polish whatever the user's language, so the browser reads the same
// locale files (the chunks the app's translations load, core/i18n.ts) and looks each title up as the server does
// (src/server/platform/texts.ts textIn), whatever language the page shows.
import { columnTitle, IMPORT_LANGUAGES, type ImportLang, type ImportSpec } from '../../../shared/importTable.ts';

/** Column title key -> its text, per language. */
export type ColumnTitles = Record<ImportLang, Record<string, string>>;

const files = import.meta.glob<Record<string, unknown>>(['../../../../locales/*/*.json', '!../../../../locales/*/collection.json'], { import: 'default' });

/** A key's text in a locale file (`ns:a.b`, `common` without a namespace); the key itself when it has none. */
function lookUp(texts: Record<string, unknown> | undefined, path: string, key: string): string {
  let node: unknown = texts;
  for (const part of path.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' ? node : key;
}

/** The titles of the import's columns in every language; rejects when a locale file cannot be loaded. */
export async function loadColumnTitles(spec: ImportSpec): Promise<ColumnTitles> {
  const keys = [...new Set(spec.descriptor.columns.map((column) => columnTitle(spec, column)))];
  const titles = {} as ColumnTitles;
  for (const lang of IMPORT_LANGUAGES) {
    const byKey: Record<string, string> = {};
    await Promise.all(
      keys.map(async (key) => {
        const [ns, path] = key.includes(':') ? key.split(':', 2) : ['common', key];
        const load = files[`../../../../locales/${lang}/${ns}.json`];
        byKey[key] = lookUp(load ? await load() : undefined, path, key);
      }),
    );
    titles[lang] = byKey;
  }
  return titles;
}
