// The question before a representative of an account is removed.
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';

interface RemoveRepresentativeProps {
  name: string;
  busy: boolean;
  onRemove: () => void;
  onClose: () => void;
}

export function RemoveRepresentative({ name, busy, onRemove, onClose }: RemoveRepresentativeProps) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('screens:representatives.remove')}
      size="small"
      onClose={() => !busy && onClose()}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button loading={busy} onClick={onRemove}>
            {t('screens:representatives.remove')}
          </Button>
        </>
      }
    >
      <p className="confirm-question">{t('screens:representatives.removeQuestion', { name })}</p>
    </Modal>
  );
}
