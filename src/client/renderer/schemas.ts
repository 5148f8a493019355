// Loads a JSON file of schemas/ by its repo path ("schemas/forms/user.json"). Each file is its own
// chunk, fetched only by the screen that needs it; Vite reloads it on edit in `npm run dev`.
const files = import.meta.glob<Record<string, unknown>>('../../../schemas/{entities,forms,filters}/*.json', { import: 'default' });

export type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

export async function loadSchemaFile(repoPath: string): Promise<JsonSchema> {
  const load = files[`../../../${repoPath}`];
  if (!load) throw new Error(`Unknown schema file: ${repoPath}`);
  return (await load()) as JsonSchema;
}
