// Loads a JSON file of schemas/ by its repo path ("schemas/forms/user.json"). Each file is its own
// chunk, fetched only by the screen that needs it. In `npm run dev` an edited file arrives whole
// (tools/live-edit, src/client/liveEdit.ts) and replaces the loaded one; the build has none of that.
// Free of React: start-up code loads a form's schema before React is in (schemas.ts adds the hook). The map of the
// files is a chunk of its own (core/lazyFileMaps.ts), so the entry does not carry it.

export type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

// Dev only: the browser keeps a module it has imported, so edited files are served from here instead.
const edited = new Map<string, JsonSchema>();
let revision = 0;
const listeners = new Set<() => void>();

export async function loadSchemaFile(repoPath: string): Promise<JsonSchema> {
  const { schemaFiles } = await import('../core/lazyFileMaps.ts');
  // Read after the wait, so that an edit which arrives meanwhile is not lost.
  if (import.meta.hot) {
    const current = edited.get(repoPath);
    if (current) return current;
  }
  const load = schemaFiles[`../../../${repoPath}`];
  if (!load) throw new Error(`Unknown schema file: ${repoPath}`);
  return (await load()) as JsonSchema;
}

/** Dev only: the new content of an edited schema or ui hint file. */
export function replaceSchemaFile(repoPath: string, data: JsonSchema): void {
  edited.set(repoPath, data);
  touchSchemaFiles();
}

/** Dev only: tells the screens to load their schema files again (a file or a validator changed). */
export function touchSchemaFiles(): void {
  revision += 1;
  for (const listener of listeners) listener();
}

export function subscribeToSchemaEdits(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Dev only: grows with every live edit of a schema file or validator. */
export function schemaRevision(): number {
  return revision;
}
