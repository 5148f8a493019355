// Active filters as removable chips above the table.
import { useTranslation } from 'react-i18next';
import type { FilterChip } from './filterChips.ts';
import { CloseIcon } from '../../ui/icons.tsx';

interface FilterChipsProps {
  chips: FilterChip[];
  onRemove: (field: string) => void;
  onClearAll: () => void;
}

export function FilterChips({ chips, onRemove, onClearAll }: FilterChipsProps) {
  const { t } = useTranslation('table');
  if (!chips.length) return null;
  return (
    <div className="filter-chips">
      <ul className="filter-chip-list" aria-label={t('filters.active')}>
        {chips.map((chip) => (
          <li key={chip.field} className="filter-chip">
            <span className="filter-chip-text">
              <span className="filter-chip-label">{chip.label}:</span> {chip.value}
            </span>
            <button type="button" className="filter-chip-remove" aria-label={t('filters.remove', { name: chip.label })} title={t('filters.remove', { name: chip.label })} onClick={() => onRemove(chip.field)}>
              <CloseIcon />
            </button>
          </li>
        ))}
      </ul>
      {chips.length > 1 && (
        <button type="button" className="btn btn-link filter-chips-clear" onClick={onClearAll}>
          {t('filters.clearAll')}
        </button>
      )}
    </div>
  );
}
