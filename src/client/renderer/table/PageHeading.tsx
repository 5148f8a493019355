// The heading of a generated page: the back button its descriptor names (backRoute) and the page's title, which
// the page's section is labelled by (aria-labelledby="page-title").
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export function PageHeading({ title, backRoute, children }: { title: string; backRoute?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const heading = (
    <h1 id="page-title" className="page-title">
      {title}
    </h1>
  );
  return (
    <div className="table-page-heading">
      {backRoute && (
        <Link className="btn btn-secondary table-page-back" to={backRoute}>
          <span aria-hidden="true">←</span> {t('common.back')}
        </Link>
      )}
      {children ? (
        <div>
          {heading}
          {children}
        </div>
      ) : (
        heading
      )}
    </div>
  );
}
