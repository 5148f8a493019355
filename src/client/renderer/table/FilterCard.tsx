// The filter form in a card. The form engine (RJSF, validators, widgets) is loaded only when the
// card opens, so a list page without filtering never downloads it.
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithReload } from '../../core/lazyWithReload.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import type { useTableFilters } from './useTableFilters.ts';

const SchemaForm = lazyWithReload(() => import('../form/SchemaForm.tsx'));

interface FilterCardProps {
  schemaPath: string;
  /** The card's id, schema, ui hints (the labels of enum values), values and what applying or clearing does. */
  filters: Pick<ReturnType<typeof useTableFilters>, 'cardId' | 'schema' | 'hints' | 'values' | 'apply' | 'clear'>;
}

function Loading() {
  const { t } = useTranslation();
  return (
    <div className="filter-card-loading" role="status">
      <Spinner />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

export function FilterCard({ schemaPath, filters: { cardId: id, schema, hints: uiSchema, values, apply: onApply, clear: onClear } }: FilterCardProps) {
  const { t } = useTranslation('table');
  return (
    <section id={id} className="card filter-card" aria-label={t('filters.title')}>
      {schema ? (
        <Suspense fallback={<Loading />}>
          <SchemaForm
            schemaPath={schemaPath}
            schema={schema}
            uiSchema={uiSchema}
            formData={values}
            onSubmit={(data: unknown) => onApply((data ?? {}) as Record<string, unknown>)}
            submitLabel={t('filters.apply')}
            mode="filter"
          >
            <Button variant="secondary" onClick={onClear}>
              {t('filters.clear')}
            </Button>
          </SchemaForm>
        </Suspense>
      ) : (
        <Loading />
      )}
    </section>
  );
}
