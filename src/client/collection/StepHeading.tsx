// A wizard step's heading: focused when the step appears after another (screen readers then read where the visitor
// is), with the step's number where it has one.
import { useEffect, useRef, type ReactNode } from 'react';
import { useText } from './texts.ts';

const STEPS = 4;

export function StepHeading({ step, focus, children }: { step?: number; focus: boolean; children: ReactNode }) {
  const { t } = useText();
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div className="step-heading">
      {step !== undefined && <p className="step-count">{t('stepOf', { step, total: STEPS })}</p>}
      <h2 ref={ref} tabIndex={-1} className="step-title">
        {children}
      </h2>
    </div>
  );
}

export function Message({ kind, children }: { kind: 'error' | 'info' | 'success'; children: ReactNode }) {
  return (
    <div className={`notice notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
