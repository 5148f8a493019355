// The page or row action whose confirm flow is open, if any. The flow's code loads after the first paint of a table
// with actions, so that a click rarely waits for it. A tuple, as useState gives: the action and its row, the opener,
// and the closer.
import { useCallback, useEffect, useState } from 'react';
import { afterPaint } from '../../core/afterPaint.ts';
import type { Action } from '../descriptors.ts';
import type { Row } from './format.ts';
import { ActionDialog } from './lazyParts.ts';

export function useRunningAction(hasActions: boolean) {
  const [running, setRunning] = useState<{ action: Action; row: Row } | null>(null);
  const run = useCallback((action: Action, row: Row) => setRunning({ action, row }), []);
  useEffect(() => (hasActions ? afterPaint(() => void ActionDialog.preload().catch(() => undefined)) : undefined), [hasActions]);
  return [running, run, () => setRunning(null)] as const;
}
