// What the public configuration adds to the collection page: the test deployment's banner, and the start of error
// reporting when a DSN is configured (the panel's own: core/DeploymentParts.tsx). Asked for once the page shows, so it
// never delays it.
import { useEffect, useState } from 'react';
import { api } from '../core/api.ts';
import { startErrorReporting } from '../core/startErrorReporting.ts';
import type { AppConfig } from '../core/types.ts';
import { TestBanner } from '../ui/TestBanner.tsx';
import { useText } from './texts.ts';

export function Deployment() {
  const { t } = useText();
  const [test, setTest] = useState(false);
  useEffect(() => {
    api.get<AppConfig>('/config', { quiet: true }).then(
      (config) => {
        setTest(config.deployment === 'test');
        startErrorReporting(config);
      },
      () => undefined,
    );
  }, []);
  return test ? <TestBanner text={t('deploymentTest')} /> : null;
}
