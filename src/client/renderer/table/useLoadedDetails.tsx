// What a details row with `load` shows below its fields: the item read when it opens, with its lists (extras.tsx).
import { Suspense, useMemo } from 'react';
import type { RowDetails } from '../descriptors.ts';
import type { Row } from './format.ts';
import { LoadedDetails } from './lazyParts.ts';

export function useLoadedDetails(details: RowDetails | undefined) {
  const load = details?.load;
  const lists = details?.lists;
  return useMemo(
    () =>
      load && lists
        ? (row: Row) => (
            <Suspense fallback={null}>
              <LoadedDetails load={load} lists={lists} row={row} />
            </Suspense>
          )
        : undefined,
    [load, lists],
  );
}
