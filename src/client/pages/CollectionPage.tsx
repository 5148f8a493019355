// The public collection page at /, /:customerUrl and /:customerUrl/:programUrl. The collection
// wizard is not built yet; this page says so instead of pretending.
import { useTranslation } from '../core/useTranslation.ts';
import { useDocumentTitle } from '../core/documentTitle.ts';
import { DefaultLogo } from '../ui/Logo.tsx';
import { LanguageSwitcher } from '../ui/LanguageSwitcher.tsx';

export default function CollectionPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('collection.defaultTitle'));
  return (
    <main className="centered-page">
      <div className="card card-narrow text-center">
        <div className="card-toolbar">
          <LanguageSwitcher />
        </div>
        <DefaultLogo className="logo-large" />
        <h1 className="page-title">{t('collection.defaultTitle')}</h1>
        <p className="muted">{t('collection.notAvailable')}</p>
      </div>
    </main>
  );
}
