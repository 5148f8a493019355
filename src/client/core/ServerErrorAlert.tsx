// The global 5xx alert with the configured support address.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../ui/Alert.tsx';
import { configureApi } from './api.ts';
import { useAppConfig } from './config.ts';

export function ServerErrorAlert() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  // The support address is fetched only once there is something to show.
  const config = useAppConfig({ enabled: visible });
  useEffect(() => configureApi({ onServerError: () => setVisible(true) }), []);
  if (!visible) return null;
  return (
    <div className="global-alert">
      <Alert onDismiss={() => setVisible(false)}>{t('serverError.message', { email: config.data?.supportEmail ?? '' })}</Alert>
    </div>
  );
}
