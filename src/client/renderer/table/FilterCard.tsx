// The filter form in a card. The form engine (RJSF, validators, widgets) is loaded only when the
// card opens, so a list page without filtering never downloads it.
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterValue } from '../../../shared/list-query.ts';
import { lazyWithReload } from '../../core/lazyWithReload.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import type { JsonSchema } from '../schemas.ts';

const SchemaForm = lazyWithReload(() => import('../form/SchemaForm.tsx'));

interface FilterCardProps {
  id: string;
  schemaPath: string;
  schema: JsonSchema | undefined;
  values: Record<string, FilterValue>;
  /** ui hints of the filters (the labels of enum values). */
  uiSchema?: Record<string, unknown>;
  onApply: (values: Record<string, unknown>) => void;
  onClear: () => void;
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

export function FilterCard({ id, schemaPath, schema, values, uiSchema, onApply, onClear }: FilterCardProps) {
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
