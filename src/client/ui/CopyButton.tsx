// Copies a text to the clipboard and says so beside the button (politely, for screen readers too); where the
// browser refuses, it asks the user to copy by hand.
import { useEffect, useState } from 'react';

interface CopyButtonProps {
  text: string;
  /** The button's visible text ("Copy") and its accessible name ("Copy the address of …"). */
  label: string;
  accessibleLabel: string;
  copiedText: string;
  failedText: string;
}

export function CopyButton({ text, label, accessibleLabel, copiedText, failedText }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), 3000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () => {
    if (!navigator.clipboard) return setState('failed');
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <span className="copy">
      <button type="button" className="btn btn-secondary btn-small" onClick={copy} aria-label={accessibleLabel}>
        {label}
      </button>
      <span className={state === 'failed' ? 'copy-status copy-failed' : 'copy-status'} role="status">
        {state === 'copied' ? copiedText : state === 'failed' ? failedText : ''}
      </span>
    </span>
  );
}
