import { useTranslation } from '../core/useTranslation.ts';
import { Button } from './Button.tsx';
import { Modal } from './Modal.tsx';

/** The generic success modal: a message and an Ok button. */
export function SuccessDialog({ message, onOk, title }: { message: string; onOk: () => void; title?: string }) {
  const { t } = useTranslation();
  return (
    <Modal title={title ?? t('common.success')} onClose={onOk} hideCloseButton size="small" footer={<Button onClick={onOk}>{t('common.ok')}</Button>}>
      <p className="success-message" role="status">
        {message}
      </p>
    </Modal>
  );
}
