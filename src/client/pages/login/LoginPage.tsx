// The unauthenticated /panel: branding from /api/config, then the login form or the restore flow. Under a customer's
// base path (`/demo/panel`) it is that customer's login page, and the not-found page when no such customer is active.
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../core/config.ts';
import { useCustomerParam } from '../../core/customerParam.ts';
import { BASE_CUSTOMER } from '../../core/sessionPaths.ts';
import { notFoundPageChunk } from '../chunks.ts';
import { useDocumentTitle } from '../../core/documentTitle.ts';
import { useBrandColour } from '../../core/brandColours.ts';
import { BrandLogo } from '../../ui/Logo.tsx';
import { FullPageLoader } from '../../ui/FullPageLoader.tsx';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher.tsx';
import { LoginForm } from './LoginForm.tsx';
import { lazyWithReload } from '../../core/lazyWithReload.ts';

// Loaded on demand: it carries the password rules, which the login form itself does not need.
const RestorePasswordFlow = lazyWithReload(() => import('./RestorePasswordFlow.tsx'));
const NotFoundPage = lazyWithReload(notFoundPageChunk);

export default function LoginPage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  // On a customer's own domain the configuration names the customer the address does not.
  const customer = useCustomerParam() ?? config.data?.customer?.url;
  // The login page of a customer (its base path, `?customer=`, or its own domain) in its colour and with its logo.
  useBrandColour(config.data?.customer?.primaryColor);
  const [mode, setMode] = useState<'login' | 'restore'>('login');
  useDocumentTitle(mode === 'login' ? t('login.title') : t('restore.title'));

  if (config.isPending) return <FullPageLoader />;
  // Without configuration the page still works with the default look and the full login form.
  const settings = config.data;
  // The server answers a base path of no active customer with the not-found page; the development server does not ask.
  if (BASE_CUSTOMER && settings && !settings.customer) return <NotFoundPage />;
  const appName = settings?.appName ?? t('brand.name');
  const poweredBy = settings?.poweredBy;

  return (
    <div className="auth-page">
      <main className="auth-card card">
        <div className="auth-toolbar">
          <LanguageSwitcher available={settings?.availableLanguages} />
        </div>
        <div className="auth-brand">
          <BrandLogo logoUrl={settings?.customer?.logoUrl} name={settings?.customer?.name} className="logo-large" />
          <p className="auth-app-name">{appName}</p>
        </div>
        {mode === 'login' ? (
          <LoginForm variant={settings?.loginVariant ?? 'LOGIN_PASSWORD'} customer={customer} onRestorePassword={() => setMode('restore')} />
        ) : (
          <Suspense fallback={<FullPageLoader inPanel />}>
            <RestorePasswordFlow onBack={() => setMode('login')} />
          </Suspense>
        )}
      </main>
      {poweredBy && (
        <footer className="powered-by">
          <a href={poweredBy.url} target="_blank" rel="noopener noreferrer">
            {poweredBy.text}
          </a>
        </footer>
      )}
    </div>
  );
}
