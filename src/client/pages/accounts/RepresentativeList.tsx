// The current representatives of an account, each with a choice of its permission and a remove button.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { REPRESENTATIVE_PERMISSIONS, type AccountRepresentative, type RepresentativePermission } from '../../../shared/accounts.ts';
import { personLabel } from './representatives.ts';

interface RepresentativeListProps {
  representatives: readonly AccountRepresentative[];
  busy: boolean;
  onChange: (representative: AccountRepresentative, permission: RepresentativePermission) => void;
  onRemove: (representative: AccountRepresentative) => void;
}

export function RepresentativeList({ representatives, busy, onChange, onRemove }: RepresentativeListProps) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="card record-list" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-list-title">
        {t('screens:representatives.current')}
      </h2>
      {representatives.length === 0 ? (
        <p className="muted">{t('screens:accountPreview.noRepresentatives')}</p>
      ) : (
        <div className="data-table-wrap">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('entities:representative.userId')}</th>
                <th scope="col">{t('entities:representative.permission')}</th>
                <th scope="col" className="data-table-actions">
                  {t('table:table.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {representatives.map((representative) => {
                const name = personLabel(representative);
                return (
                  <tr key={representative.userId} className="data-row">
                    <td>{name}</td>
                    <td>
                      <select
                        className="inline-select"
                        aria-label={t('screens:representatives.permissionOf', { name })}
                        value={representative.permission}
                        disabled={busy}
                        onChange={(event) => onChange(representative, event.target.value as RepresentativePermission)}
                      >
                        {REPRESENTATIVE_PERMISSIONS.map((permission) => (
                          <option key={permission} value={permission}>
                            {t(`entities:enums.representativePermission.${permission}`)}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td className="data-table-actions">
                      <div className="row-actions">
                        <button type="button" className="row-action row-action-danger" disabled={busy} aria-label={t('screens:representatives.removeNamed', { name })} onClick={() => onRemove(representative)}>
                          {t('screens:representatives.remove')}
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
