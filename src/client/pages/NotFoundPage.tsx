import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../core/documentTitle.ts';
import { PANEL_PATH } from '../core/session.tsx';

/** Unknown address. `inPanel` keeps it inside the signed-in layout. */
export default function NotFoundPage({ inPanel = false }: { inPanel?: boolean }) {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  const content = (
    <div className="card card-narrow text-center">
      <p className="error-code" aria-hidden="true">
        404
      </p>
      <h1 className="page-title">{t('notFound.title')}</h1>
      <p>{t('notFound.message')}</p>
      <Link className="btn btn-secondary" to={PANEL_PATH}>
        {t('notFound.goHome')}
      </Link>
    </div>
  );
  return inPanel ? <section className="page page-centered">{content}</section> : <main className="centered-page">{content}</main>;
}
