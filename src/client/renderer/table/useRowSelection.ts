// The rows chosen for a bulk action, by id. They belong to one list: other filters forget them. A tuple, as useState
// gives: the chosen rows, the table's setter, and a reset after a bulk action.
import { useCallback, useState } from 'react';
import { functionalUpdate, type RowSelectionState, type Updater } from '@tanstack/react-table';
import type { FilterValue } from '../../../shared/list-query.ts';

const NO_SELECTION: RowSelectionState = {};

export function useRowSelection(options: Record<string, FilterValue>) {
  const optionsKey = JSON.stringify(options);
  const [selection, setSelection] = useState<{ key: string; rows: RowSelectionState }>({ key: optionsKey, rows: NO_SELECTION });
  const onChange = useCallback(
    (updater: Updater<RowSelectionState>) =>
      setSelection((current) => ({ key: optionsKey, rows: functionalUpdate(updater, current.key === optionsKey ? current.rows : NO_SELECTION) })),
    [optionsKey],
  );
  const forget = () => setSelection({ key: optionsKey, rows: NO_SELECTION });
  return [selection.key === optionsKey ? selection.rows : NO_SELECTION, onChange, forget] as const;
}
