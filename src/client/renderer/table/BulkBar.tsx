// Bulk actions of a table (the spec's bulk status change, in general terms): once the required filter is chosen,
// the user picks an action and either every row matching the filters or the selected rows. The server is asked
// first without `confirm` and answers how many rows it names (`matching`) and how many can change (`changeable`);
// the panel says "none", "only N of M" or "N", asks for confirmation, sends the same request with
// `confirm: true` and reports how many were updated (`updated`). The request's body is the action's `body`
// with `ids` (the selection) or `options` (the filters) added. An action that would set the required filter's field
// to the one value the list is filtered by (a move to the status every row already has) is not offered.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../core/api.ts';
import { isEmptyFilter, type FilterValue } from '../../../shared/list-query.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { SuccessDialog } from '../../ui/SuccessDialog.tsx';
import type { BulkDescriptor } from '../descriptors.ts';
import { useBulkRun, type Counts } from './useBulkRun.ts';

export interface BulkBarProps {
  bulk: BulkDescriptor;
  /** The actions the user may run (permissions checked by the caller). */
  actions: BulkDescriptor['actions'];
  options: Record<string, FilterValue>;
  selectedIds: readonly string[];
  onDone: () => void;
}

interface BulkConfirmProps {
  title: string;
  /** The action's label, as the question names it. */
  target: string;
  counts: Counts;
  running: boolean;
  error: string | null;
  onRun: () => void;
  onClose: () => void;
}

/** The actions that change something: not those setting the required field to the only value it is filtered by. */
function offeredActions(actions: BulkDescriptor['actions'], field: string | undefined, filtered: FilterValue | undefined): BulkDescriptor['actions'] {
  const values = Array.isArray(filtered) ? filtered : filtered === undefined ? [] : [filtered];
  if (!field || values.length !== 1) return actions;
  return actions.filter((action) => action.body[field] !== values[0]);
}

/** "None", "only N of M" or "N" rows will change: the question, then the run in progress. */
function BulkConfirm({ title, target, counts, running, error, onRun, onClose }: BulkConfirmProps) {
  const { t } = useTranslation();
  return (
    <Modal
      title={title}
      size="small"
      onClose={() => !running && onClose()}
      hideCloseButton={running}
      footer={
        counts.changeable === 0 ? (
          <Button onClick={onClose}>{t('common.ok')}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose} disabled={running}>
              {t('table:confirm.cancel')}
            </Button>
            <Button onClick={onRun} loading={running}>
              {t('table:confirm.accept')}
            </Button>
          </>
        )
      }
    >
      {error && <Alert>{error}</Alert>}
      <p className="confirm-question">
        {counts.changeable === 0
          ? t('table:bulk.none', { total: counts.matching, target })
          : counts.changeable < counts.matching
            ? t('table:bulk.some', { count: counts.changeable, total: counts.matching, target })
            : t('table:bulk.all', { count: counts.changeable, target })}
      </p>
      {running && (
        <p className="confirm-pending" role="status">
          <Spinner small /> {t('table:bulk.running', { count: counts.changeable })}
        </p>
      )}
    </Modal>
  );
}

export function BulkBar({ bulk, actions, options, selectedIds, onDone }: BulkBarProps) {
  const { t } = useTranslation();
  const id = useId();
  const [actionId, setActionId] = useState(actions[0]?.id ?? '');
  const [scope, setScope] = useState<'filters' | 'selected'>('filters');
  const { phase, error, dismiss, start, run, close } = useBulkRun(t);
  const field = bulk.requiredFilter;
  const offered = offeredActions(actions, field, field === undefined ? undefined : options[field]);
  if (offered.length === 0) return null;
  const action = offered.find((a) => a.id === actionId) ?? offered[0];
  const ready = !field || !isEmptyFilter(options[field]);
  const useSelection = scope === 'selected' && selectedIds.length > 0;

  const send = (confirm: boolean) => {
    const [method, path] = action.api.split(' ');
    const chosen = useSelection ? { ids: selectedIds.map((value) => (/^\d+$/.test(value) ? Number(value) : value)) } : { options: JSON.stringify(options) };
    return request<Counts>(method, path, { body: { ...action.body, ...chosen, ...(confirm ? { confirm: true } : {}) } });
  };

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
              {offered.map((a) => (
                <option key={a.id} value={a.id}>
                  {t(a.label)}
                </option>
              ))}
            </select>
          </label>
          <Button variant="secondary" onClick={() => void start(send)} loading={phase.kind === 'counting'}>
            {t('table:bulk.apply')}
          </Button>
        </fieldset>
      )}
      {error && phase.kind === 'idle' && <Alert onDismiss={dismiss}>{error}</Alert>}
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
        <BulkConfirm
          title={t(bulk.label)}
          target={t(action.label)}
          counts={phase.counts}
          running={phase.kind === 'running'}
          error={error}
          onRun={() => void run(send, phase.counts)}
          onClose={close}
        />
      )}
    </div>
  );
}
