// An honest stand-in for a screen that has a route and permissions but no content yet.
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../core/documentTitle.ts';
import type { ScreenProps } from './screenProps.ts';

export default function Placeholder({ screen }: ScreenProps) {
  const { t } = useTranslation();
  const title = t(screen.title);
  useDocumentTitle(title);
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title" className="page-title">
          {title}
        </h1>
      </header>
      <div className="card">
        <p className="muted">{t('placeholder.notAvailable')}</p>
      </div>
    </section>
  );
}
