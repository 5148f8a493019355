// The actions cell of a row: route actions as links, api actions as buttons opening the confirm
// flow. Only the actions whose `when` matches the row are shown. No hooks: the table translates
// the labels once and hands in the links' click handling (one of these renders per row).
import type { MouseEvent } from 'react';
import type { Action } from '../descriptors.ts';
import { actionHref, matchesRow } from './actions.ts';
import type { Row } from './format.ts';

export interface LabelledAction {
  action: Action;
  /** The translated label. */
  label: string;
}

/** The props that make an address an in-app link: its href, and a click that navigates in place. */
export type FollowLink = (to: string) => { href: string; onClick: (event: MouseEvent<HTMLAnchorElement>) => void };

interface RowActionsProps {
  /** Already filtered by permission. */
  actions: LabelledAction[];
  row: Row;
  onRun: (action: Action, row: Row) => void;
  onFollow: FollowLink;
}

export function RowActions({ actions, row, onRun, onFollow }: RowActionsProps) {
  return (
    <div className="row-actions" onClick={(event) => event.stopPropagation()}>
      {actions.map(({ action, label }) => {
        if (!matchesRow(action, row)) return null;
        const className = `row-action row-action-${action.variant ?? 'secondary'}`;
        if (action.route) {
          return (
            <a key={action.id} className={className} {...onFollow(actionHref(action, row))}>
              {label}
            </a>
          );
        }
        return (
          <button key={action.id} type="button" className={className} onClick={() => onRun(action, row)}>
            {label}
          </button>
        );
      })}
    </div>
  );
}
