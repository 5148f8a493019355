import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons.tsx';

/** A dismissable message announced to assistive technology. */
export function Alert({ children, onDismiss, tone = 'error' }: { children: ReactNode; onDismiss?: () => void; tone?: 'error' | 'warning' | 'info' }) {
  const { t } = useTranslation();
  return (
    <div className={`alert alert-${tone}`} role="alert">
      <div className="alert-text">{children}</div>
      {onDismiss && (
        <button type="button" className="alert-dismiss" aria-label={t('common.dismiss')} onClick={onDismiss}>
          <CloseIcon />
        </button>
      )}
    </div>
  );
}
