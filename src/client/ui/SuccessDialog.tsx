import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';
import { Modal } from './Modal.tsx';

/** The generic success modal: a message, what the caller adds below it (a link), and an Ok button. */
export function SuccessDialog({ message, onOk, title, children }: { message: string; onOk: () => void; title?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Modal title={title ?? t('common.success')} onClose={onOk} hideCloseButton size="small" footer={<Button onClick={onOk}>{t('common.ok')}</Button>}>
      <p className="success-message" role="status">
        {message}
      </p>
      {children}
    </Modal>
  );
}
