// The actions cell of a row: one compact button that opens the row's actions as a menu (WAI-ARIA's menu button), so
// that a table fits its page however many actions it has. The menu's code (RowMenu.tsx) loads with the confirm
// flow's, after the table's first paint (lazyParts.ts). No hooks: the table holds which menu is open and hands it in
// (one of these renders per row).
import { Suspense, type KeyboardEvent } from 'react';
import type { Action } from '../descriptors.ts';
import { matchesRow } from './actions.ts';
import type { Row } from './format.ts';
import { RowMenu } from './lazyParts.ts';
import type { RowMenuState } from './rowsFeatures.ts';

export interface LabelledAction {
  action: Action;
  /** The translated label. */
  label: string;
}


interface RowActionsProps {
  /** Already filtered by permission. */
  actions: LabelledAction[];
  row: Row;
  rowId: string;
  /** The button's id, which names its menu (aria-labelledby). */
  id: string;
  /** "Actions for PO-1": names the row to a screen reader. */
  label: string;
  menu: RowMenuState;
  onRun: (action: Action, row: Row) => void;
}

export function RowActions({ actions, row, rowId, id, label, menu, onRun }: RowActionsProps) {
  if (!actions.some(({ action }) => matchesRow(action, row))) return null;
  const open = menu.open?.row === rowId ? menu.open : null;
  // Arrow keys open the menu on its first or last item; Enter and Space click, which opens it on the first.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    menu.set({ row: rowId, last: event.key === 'ArrowUp' });
  };
  return (
    <div className="row-actions" onClick={(event) => event.stopPropagation()}>
      <button
        type="button"
        id={id}
        className="row-menu-button"
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        aria-label={label}
        title={label}
        onClick={() => menu.set(open ? null : { row: rowId, last: false })}
        onKeyDown={onKeyDown}
      />
      {open && (
        <Suspense fallback={null}>
          <RowMenu buttonId={id} actions={actions} row={row} last={open.last} onClose={() => menu.set(null)} onRun={onRun} />
        </Suspense>
      )}
    </div>
  );
}
