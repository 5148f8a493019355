// Which text files (namespaces) each kind of first screen reads. Kept apart, free of imports, so that the build
// step bundling them (tools/text-sets) reads the same lists as the client (core/language.ts).

/** The text files of each language: locales/<language>/<namespace>.json. */
// `imports`, `pages` and `dashboard` are the texts of a few screens only (the imports; the collection page's settings;
// the dashboard), loaded with those screens rather than with every form. `dialogs` holds the actions' confirmation
// questions and the success messages, shown only after a click: no first screen waits for them.
export const NAMESPACES = ['common', 'validation', 'errors', 'entities', 'screens', 'table', 'form', 'imports', 'pages', 'dashboard', 'dialogs'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const TEXT_SETS = {
  login: ['common', 'errors', 'validation'],
  plain: ['common', 'errors'],
  // A list: column titles and enum labels (entities), action names (screens), paging and chips (table).
  table: ['common', 'errors', 'screens', 'entities', 'table'],
  // A form: field labels (entities), screen titles (screens), messages by error code (validation), widgets (form).
  form: ['common', 'errors', 'screens', 'entities', 'validation', 'form'],
  // An import: a form's texts and its own (template, file, preview, problems).
  import: ['common', 'errors', 'screens', 'entities', 'validation', 'form', 'imports'],
  // The dashboard: its panels' texts, and the payout statuses' labels (entities).
  dashboard: ['common', 'errors', 'entities', 'dashboard'],
} as const satisfies Record<string, readonly Namespace[]>;

export type TextSet = keyof typeof TEXT_SETS;

/** The file name (without .json) of a language's set in the build: `en.table`. */
export function textSetFile(language: string, set: TextSet): string {
  return `${language}.${set}`;
}
