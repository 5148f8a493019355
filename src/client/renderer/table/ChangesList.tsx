// A `changes` column's value (changes.ts) as a list: "Field: old → new", or "Field: value" for one that did not
// change, was created or removed. Its own chunk: only the audit log's details row shows it.
import { useTranslation } from 'react-i18next';
import type { Column } from '../descriptors.ts';
import { listChanges } from './changes.ts';
import type { FormatContext, Row } from './format.ts';
import './ChangesList.css';

export function ChangesList({ column, row, format }: { column: Column; row: Row; format: FormatContext }) {
  // Its texts and field labels are in `pages`, which no table loads first: wait for them (the cell's Suspense).
  useTranslation('pages');
  const lines = listChanges(column, row, format);
  if (lines.length === 0) return <>{format.t('pages:auditChanges.noChanges')}</>;
  return (
    <ul className="changes-list">
      {lines.map((line, i) => (
        <li key={i}>
          <span className="changes-field">{line.label}:</span>{' '}
          {line.before === undefined ? (
            line.value
          ) : (
            <>
              <del>{line.before}</del> → <ins>{line.value}</ins>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
