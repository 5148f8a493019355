// The schema files of schemas/ (schemaFiles.ts), and the hook with which a screen loads them again after a live edit.
import { useSyncExternalStore } from 'react';
import { schemaRevision, subscribeToSchemaEdits } from './schemaFiles.ts';

export { loadSchemaFile, replaceSchemaFile, touchSchemaFiles, type JsonSchema } from './schemaFiles.ts';

function useLiveRevision(): number {
  return useSyncExternalStore(subscribeToSchemaEdits, schemaRevision);
}

/** Grows with every live edit of a schema file or validator in `npm run dev`; always 0 in the build. */
export const useSchemaRevision: () => number = import.meta.hot ? useLiveRevision : () => 0;
