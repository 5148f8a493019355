import { useTranslation } from 'react-i18next';
import { Spinner } from './Spinner.tsx';

/** Centred loader; `inPanel` uses the shorter height of the signed-in layout. */
export function FullPageLoader({ inPanel = false }: { inPanel?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={inPanel ? 'page-loader page-loader-panel' : 'page-loader'} role="status" aria-live="polite">
      <Spinner />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
