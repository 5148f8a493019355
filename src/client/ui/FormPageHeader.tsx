import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** The header of a form-like page (a form, an import): the Back link where the page has somewhere to go back to, and its title. */
export function FormPageHeader({ title, back }: { title: string; back?: string }) {
  const { t } = useTranslation();
  return (
    <header className="page-header form-page-header">
      {back && (
        <Link className="btn btn-secondary form-back" to={back}>
          <span aria-hidden="true">←</span> {t('common.back')}
        </Link>
      )}
      <h1 id="page-title" className="page-title">
        {title}
      </h1>
    </header>
  );
}
