// Accessible modal on the native <dialog>: showModal() makes the rest of the page inert, Escape
// closes, focus moves in on open and returns to the opener on close (or where `returnFocus` puts it); Tab wraps
// inside the dialog.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { focusWhenShown } from '../core/focusMoves.ts';
import { CloseIcon } from './icons.tsx';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([hidden]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
const FIRST_FIELD = 'input:not([disabled]):not([hidden]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** Hide the corner close button (e.g. the success dialog closes only with Ok). */
  hideCloseButton?: boolean;
  /** `drawer`: 400 px from the right edge, the page's full height (the notifications). */
  size?: 'small' | 'medium' | 'drawer';
  /** Moves focus when the dialog closes, instead of back to its opener (a form's success: to the page's heading). */
  returnFocus?: () => void;
}

/**
 * The control the dialog returns focus to: the focused one, or, when a request opened the dialog (the SMS code's),
 * the busy button that sent it, which lost focus when it was disabled for the request's time.
 */
function openerOf(active: Element | null): HTMLElement | null {
  if (active instanceof HTMLElement && active !== document.body) return active;
  return document.querySelector<HTMLElement>('button[aria-busy="true"]');
}

export function Modal({ title, onClose, children, footer, hideCloseButton = false, size = 'medium', returnFocus }: ModalProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const returnFocusRef = useRef(returnFocus);
  returnFocusRef.current = returnFocus;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = openerOf(document.activeElement);
    if (!dialog.open) dialog.showModal();
    const first = dialog.querySelector<HTMLElement>(FIRST_FIELD) ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (returnFocusRef.current) returnFocusRef.current();
      // A busy opener takes focus once its request is over (enabled again), unless it has left the page.
      else if (opener?.isConnected) focusWhenShown(() => (opener.isConnected ? opener : null));
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !ref.current) return;
    const items = Array.from(ref.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (!items.length) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className={`modal modal-${size}`}
      aria-modal="true"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Escape: let React state decide, so the dialog is never closed behind its owner's back.
        event.preventDefault();
        onCloseRef.current();
      }}
    >
      <div className="modal-header">
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        {!hideCloseButton && (
          <button type="button" className="modal-close" aria-label={t('common.close')} onClick={() => onCloseRef.current()}>
            <CloseIcon />
          </button>
        )}
      </div>
      <div className="modal-body">{children}</div>
      {footer && <div className="modal-footer">{footer}</div>}
    </dialog>
  );
}
