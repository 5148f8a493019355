// The actions cell of a row: route actions as links, api actions as buttons opening the confirm
// flow. Only the actions whose `when` matches the row are shown.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Action } from '../descriptors.ts';
import { actionHref, matchesRow } from './actions.ts';
import type { Row } from './format.ts';

interface RowActionsProps {
  /** Already filtered by permission. */
  actions: Action[];
  row: Row;
  onRun: (action: Action, row: Row) => void;
}

export function RowActions({ actions, row, onRun }: RowActionsProps) {
  const { t } = useTranslation();
  const shown = actions.filter((action) => matchesRow(action, row));
  return (
    <div className="row-actions" onClick={(event) => event.stopPropagation()}>
      {shown.map((action) => {
        const className = `row-action row-action-${action.variant ?? 'secondary'}`;
        if (action.route) {
          return (
            <Link key={action.id} className={className} to={actionHref(action, row)}>
              {t(action.label)}
            </Link>
          );
        }
        return (
          <button key={action.id} type="button" className={className} onClick={() => onRun(action, row)}>
            {t(action.label)}
          </button>
        );
      })}
    </div>
  );
}
