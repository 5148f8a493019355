import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../core/documentTitle.ts';
import { PANEL_PATH } from '../core/session.tsx';
import { DefaultLogo } from '../ui/Logo.tsx';

export default function TokenExpiredPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('tokenExpired.title'));
  return (
    <main className="centered-page">
      <div className="card card-narrow text-center">
        <DefaultLogo className="logo-large" />
        <h1 className="page-title">{t('tokenExpired.title')}</h1>
        <Link className="btn btn-primary" to={PANEL_PATH}>
          {t('tokenExpired.loginAgain')}
        </Link>
      </div>
    </main>
  );
}
