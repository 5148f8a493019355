// Signed-in layout: navigation bar on top, the current screen below.
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { FullPageLoader } from '../../ui/FullPageLoader.tsx';
import { Navbar } from './Navbar.tsx';
import { useBrandColour } from '../../core/brandColours.ts';
import { useSession } from '../../core/session.tsx';

export default function PanelShell() {
  const { t } = useTranslation();
  // The signed-in customer's colour on buttons and links (its logo is in the navbar).
  useBrandColour(useSession().me?.customer?.primaryColor);
  return (
    <div className="panel">
      <a className="skip-link" href="#main-content">
        {t('common.skipToContent')}
      </a>
      <Navbar />
      <main id="main-content" className="panel-main" tabIndex={-1}>
        <Suspense fallback={<FullPageLoader inPanel />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
