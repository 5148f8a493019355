import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.tsx';
import { Modal } from './Modal.tsx';

interface SuccessDialogProps {
  message: string;
  onOk: () => void;
  title?: string;
  children?: ReactNode;
  /** Where focus goes once the dialog is closed, instead of back to its opener (Modal's returnFocus). */
  returnFocus?: () => void;
}

/** The generic success modal: a message, what the caller adds below it (a link), and an Ok button. */
export function SuccessDialog({ message, onOk, title, children, returnFocus }: SuccessDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      title={title ?? t('common.success')}
      onClose={onOk}
      hideCloseButton
      size="small"
      returnFocus={returnFocus}
      footer={<Button onClick={onOk}>{t('common.ok')}</Button>}
    >
      <p className="success-message" role="status">
        {message}
      </p>
      {children}
    </Modal>
  );
}
