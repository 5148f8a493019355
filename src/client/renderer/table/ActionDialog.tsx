// The confirm flow of an api action (spec: delete modal): the question with "Cancel"/"Accept", a
// pending state with a loader, then the success message with Ok, then the callback (the list is
// fetched again) and close. A failed call shows its error in the modal and may be tried again.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download, request } from '../../core/api.ts';
import { AuthorizationCancelledError } from '../../core/apiError.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { SuccessDialog } from '../../ui/SuccessDialog.tsx';
import type { Action } from '../descriptors.ts';
import { actionErrorText } from './actionErrorText.ts';
import { actionRequest } from './actionTargets.ts';
import type { Row } from './format.ts';
import { AnswerValue } from '../../ui/AnswerValue.tsx';

type Phase = 'confirm' | 'pending' | 'success';

interface ActionDialogProps {
  action: Action;
  row: Row;
  /** Runs after success (before closing): the table fetches its rows again. */
  onDone: () => void;
  onClose: () => void;
}

export function ActionDialog({ action, row, onDone, onClose }: ActionDialogProps) {
  // The confirmation question and the success message (dialogs) are in before the dialog shows.
  const { t } = useTranslation(['common', 'dialogs']);
  const [phase, setPhase] = useState<Phase>(action.confirm ? 'confirm' : 'pending');
  const [error, setError] = useState<string | null>(null);
  const [answerValue, setAnswerValue] = useState<string | null>(null);
  const started = useRef(false);

  const finish = () => {
    onDone();
    onClose();
  };

  const run = async () => {
    setPhase('pending');
    setError(null);
    try {
      const { method, path, body } = actionRequest(action, row);
      if (action.download) await download(path);
      else {
        const answer = await request<Record<string, unknown> | undefined>(method, path, body ? { body } : {});
        const shown = action.successField && answer?.[action.successField.field];
        if (typeof shown === 'string') setAnswerValue(shown);
      }
      if (action.successMessage) setPhase('success');
      else finish();
    } catch (cause) {
      // The user closed the code dialog: back to the question, nothing to report.
      if (!(cause instanceof AuthorizationCancelledError)) setError(actionErrorText(cause, t));
      setPhase('confirm');
    }
  };

  // An action without a question runs at once (once, even when effects run twice in development).
  useEffect(() => {
    if (!action.confirm && !started.current) {
      started.current = true;
      void run();
    }
  }, []);

  if (phase === 'success') {
    return (
      <SuccessDialog message={t(action.successMessage ?? '')} onOk={finish}>
        {answerValue !== null && action.successField && <AnswerValue label={t(action.successField.label)} value={answerValue} />}
      </SuccessDialog>
    );
  }

  const pending = phase === 'pending';
  return (
    <Modal
      title={t(action.label)}
      size="small"
      onClose={() => !pending && onClose()}
      hideCloseButton={pending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t('table:confirm.cancel')}
          </Button>
          <Button onClick={() => void run()} loading={pending}>
            {t('table:confirm.accept')}
          </Button>
        </>
      }
    >
      {error && <Alert>{error.split('\n').map((line, i) => <div key={i}>{line}</div>)}</Alert>}
      {action.confirm && <p className="confirm-question">{t(action.confirm)}</p>}
      {pending && (
        <p className="confirm-pending" role="status">
          <Spinner small /> {t('table:confirm.pending')}
        </p>
      )}
    </Modal>
  );
}
