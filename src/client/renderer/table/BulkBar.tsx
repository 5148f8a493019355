// Bulk actions of a table (the spec's bulk status change, in general terms): once the required filter is chosen,
// the user picks an action and either every row matching the filters or the selected rows. The server is asked
// first without `confirm` and answers how many rows it names (`matching`) and how many can change (`changeable`);
// the panel says "none", "only N of M" or "N", asks for confirmation, sends the same request with
// `confirm: true` and reports how many were updated (`updated`). The request's body is the action's `body`
// with `ids` (the selection) or `options` (the filters) added.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../core/api.ts';
import { AuthorizationCancelledError } from '../../core/apiError.ts';
import { isEmptyFilter, type FilterValue } from '../../../shared/list-query.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { SuccessDialog } from '../../ui/SuccessDialog.tsx';
import type { BulkDescriptor } from '../descriptors.ts';
import { actionErrorText } from './actionErrorText.ts';

interface Counts {
  matching: number;
  changeable: number;
  updated: number;
}

type Phase = { kind: 'idle' } | { kind: 'counting' } | { kind: 'confirm'; counts: Counts } | { kind: 'running'; counts: Counts } | { kind: 'done'; updated: number };

export interface BulkBarProps {
  bulk: BulkDescriptor;
  /** The actions the user may run (permissions checked by the caller). */
  actions: BulkDescriptor['actions'];
  options: Record<string, FilterValue>;
  selectedIds: readonly string[];
  onDone: () => void;
}

export function BulkBar({ bulk, actions, options, selectedIds, onDone }: BulkBarProps) {
  const { t } = useTranslation();
  const id = useId();
  const [actionId, setActionId] = useState(actions[0]?.id ?? '');
  const [scope, setScope] = useState<'filters' | 'selected'>('filters');
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  if (actions.length === 0) return null;
  const action = actions.find((a) => a.id === actionId) ?? actions[0];
  const ready = !bulk.requiredFilter || !isEmptyFilter(options[bulk.requiredFilter]);
  const useSelection = scope === 'selected' && selectedIds.length > 0;

  const send = (confirm: boolean) => {
    const [method, path] = action.api.split(' ');
    const chosen = useSelection ? { ids: selectedIds.map((value) => (/^\d+$/.test(value) ? Number(value) : value)) } : { options: JSON.stringify(options) };
    return request<Counts>(method, path, { body: { ...action.body, ...chosen, ...(confirm ? { confirm: true } : {}) } });
  };

  const start = async () => {
    setError(null);
    setPhase({ kind: 'counting' });
    try {
      setPhase({ kind: 'confirm', counts: await send(false) });
    } catch (cause) {
      setPhase({ kind: 'idle' });
      if (!(cause instanceof AuthorizationCancelledError)) setError(actionErrorText(cause, t));
    }
  };

  const run = async (counts: Counts) => {
    setError(null);
    setPhase({ kind: 'running', counts });
    try {
      const answer = await send(true);
      setPhase({ kind: 'done', updated: answer.updated });
    } catch (cause) {
      setPhase({ kind: 'confirm', counts });
      if (!(cause instanceof AuthorizationCancelledError)) setError(actionErrorText(cause, t));
    }
  };

  const close = () => setPhase({ kind: 'idle' });
  const target = t(action.label);

  return (
    <div className="card bulk-bar">
      {!ready ? (
        <p className="bulk-hint">{t(bulk.hint)}</p>
      ) : (
        <fieldset className="bulk-fields">
          <legend>{t(bulk.label)}</legend>
          <div className="bulk-scope" role="radiogroup" aria-label={t('table:bulk.scope')}>
            <label>
              <input type="radio" name={`${id}-scope`} checked={!useSelection} onChange={() => setScope('filters')} /> {t('table:bulk.allMatching')}
            </label>
            <label>
              <input type="radio" name={`${id}-scope`} checked={useSelection} disabled={selectedIds.length === 0} onChange={() => setScope('selected')} />{' '}
              {t('table:bulk.selected', { count: selectedIds.length })}
            </label>
          </div>
          <label className="bulk-action">
            <span>{t('table:bulk.action')}</span>{' '}
            <select value={action.id} onChange={(event) => setActionId(event.target.value)}>
              {actions.map((a) => (
                <option key={a.id} value={a.id}>
                  {t(a.label)}
                </option>
              ))}
            </select>
          </label>
          <Button variant="secondary" onClick={() => void start()} loading={phase.kind === 'counting'}>
            {t('table:bulk.apply')}
          </Button>
        </fieldset>
      )}
      {error && phase.kind === 'idle' && <Alert onDismiss={() => setError(null)}>{error}</Alert>}
      {phase.kind === 'done' && (
        <SuccessDialog
          message={t('table:bulk.done', { count: phase.updated })}
          onOk={() => {
            close();
            onDone();
          }}
        />
      )}
      {(phase.kind === 'confirm' || phase.kind === 'running') && (
        <Modal
          title={t(bulk.label)}
          size="small"
          onClose={() => phase.kind === 'confirm' && close()}
          hideCloseButton={phase.kind === 'running'}
          footer={
            phase.counts.changeable === 0 ? (
              <Button onClick={close}>{t('common.ok')}</Button>
            ) : (
              <>
                <Button variant="secondary" onClick={close} disabled={phase.kind === 'running'}>
                  {t('table:confirm.cancel')}
                </Button>
                <Button onClick={() => void run(phase.counts)} loading={phase.kind === 'running'}>
                  {t('table:confirm.accept')}
                </Button>
              </>
            )
          }
        >
          {error && <Alert>{error}</Alert>}
          <p className="confirm-question">
            {phase.counts.changeable === 0
              ? t('table:bulk.none', { total: phase.counts.matching, target })
              : phase.counts.changeable < phase.counts.matching
                ? t('table:bulk.some', { count: phase.counts.changeable, total: phase.counts.matching, target })
                : t('table:bulk.all', { count: phase.counts.changeable, target })}
          </p>
          {phase.kind === 'running' && (
            <p className="confirm-pending" role="status">
              <Spinner small /> {t('table:bulk.running', { count: phase.counts.changeable })}
            </p>
          )}
        </Modal>
      )}
    </div>
  );
}
