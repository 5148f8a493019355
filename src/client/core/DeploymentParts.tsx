// What the public configuration adds to every page of the panel: the test deployment's banner, and the start of error
// reporting when a DSN is configured. A chunk of its own, loaded after the first paint (RootLayout.tsx), so the
// start-up code carries none of it.
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TestBanner } from '../ui/TestBanner.tsx';
import { useAppConfig } from './config.ts';
import { startErrorReporting } from './startErrorReporting.ts';

function TestDeploymentBanner() {
  // The `pages` texts load with the rest of the language, after the first screen's.
  const { t } = useTranslation('pages');
  return <TestBanner text={t('deployment.test')} />;
}

export default function DeploymentParts() {
  const { data } = useAppConfig();
  useEffect(() => {
    if (data) startErrorReporting(data);
  }, [data]);
  if (data?.deployment !== 'test') return null;
  return (
    <Suspense fallback={null}>
      <TestDeploymentBanner />
    </Suspense>
  );
}
