import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../core/documentTitle.ts';
import { PANEL_PATH } from '../core/session.tsx';
import { BASE_CUSTOMER } from '../core/sessionPaths.ts';

/**
 * Unknown address. `inPanel` keeps it inside the signed-in layout. Outside the panel under a customer's base path, the
 * base names no customer (pages/login/LoginPage.tsx): the way home leaves it.
 */
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
      {!inPanel && BASE_CUSTOMER ? (
        <a className="btn btn-secondary" href={PANEL_PATH}>
          {t('notFound.goHome')}
        </a>
      ) : (
        <Link className="btn btn-secondary" to={PANEL_PATH}>
          {t('notFound.goHome')}
        </Link>
      )}
    </div>
  );
  return inPanel ? <section className="page page-centered">{content}</section> : <main className="centered-page">{content}</main>;
}
