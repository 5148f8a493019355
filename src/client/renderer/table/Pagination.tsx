// The bar under a table: "from - to of total", first/previous, numbered pages with ellipsis gaps,
// next/last, and the page-size select. Nothing at all when there are no pages. A capped total reads "of more
// than": the last page is unknown (shared/pagination.ts).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMIT_OPTIONS } from '../../../shared/list-query.ts';
import { paginate } from '../../../shared/pagination.ts';

interface PaginationProps {
  page: number;
  limit: number;
  numberOfRecords: number;
  capped?: boolean;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}

export function Pagination({ page, limit, numberOfRecords, capped, onPage, onLimit }: PaginationProps) {
  const { t } = useTranslation('table');
  const selectId = useId();
  const model = paginate({ page, limit, numberOfRecords, capped });
  if (!model) return null;
  const limits = (LIMIT_OPTIONS as readonly number[]).includes(limit) ? LIMIT_OPTIONS : [...LIMIT_OPTIONS, limit].sort((a, b) => a - b);

  const step = (label: string, symbol: string, target: number, enabled: boolean) => (
    <li>
      <button type="button" className="pagination-button" aria-label={label} title={label} disabled={!enabled} onClick={() => onPage(target)}>
        <span aria-hidden="true">{symbol}</span>
      </button>
    </li>
  );

  return (
    <div className="pagination">
      <p className="pagination-range" aria-live="polite">
        {t(model.capped ? 'pagination.rangeCapped' : 'pagination.range', { from: model.from, to: model.to, total: model.total })}
      </p>
      <nav aria-label={t('pagination.label')}>
        <ul className="pagination-list">
          {step(t('pagination.first'), '«', 1, model.canPrevious)}
          {step(t('pagination.previous'), '‹', model.page - 1, model.canPrevious)}
          {model.items.map((item) =>
            item.type === 'gap' ? (
              <li key={`gap-${item.after}`} className="pagination-gap" aria-label={t('pagination.gap')}>
                <span aria-hidden="true">…</span>
              </li>
            ) : (
              <li key={item.page}>
                <button
                  type="button"
                  className={item.current ? 'pagination-button is-current' : 'pagination-button'}
                  aria-label={t('pagination.page', { page: item.page })}
                  aria-current={item.current ? 'page' : undefined}
                  onClick={() => !item.current && onPage(item.page)}
                >
                  {item.page}
                </button>
              </li>
            ),
          )}
          {step(t('pagination.next'), '›', model.page + 1, model.canNext)}
          {step(t('pagination.last'), '»', model.pageCount, model.canLast)}
        </ul>
      </nav>
      <div className="pagination-size">
        <label htmlFor={selectId}>{t('pagination.rowsPerPage')}</label>
        <select id={selectId} value={limit} onChange={(event) => onLimit(Number(event.target.value))}>
          {limits.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
