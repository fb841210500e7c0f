/**
 * A modal dialog on the native <dialog> (showModal: the rest of the page is inert, focus stays
 * inside, Escape closes). Mounted while open; on close, focus returns to what had it before (the
 * button that opened it). Where showModal is missing (jsdom, old browsers) it is shown open and
 * Escape is handled here. First focus: the element marked `data-autofocus`, else the first field.
 */
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';

interface DialogProps {
  title: string;
  /** Escape, or the close button: the dialog's "cancel" answer. */
  onClose: () => void;
  children: ReactNode;
  /** `alertdialog` for a question that must be answered (a delete, a save with errors). */
  role?: 'dialog' | 'alertdialog';
  /** Wider, for the line diff. */
  wide?: boolean;
}

export function Dialog({ title, onClose, children, role = 'dialog', wide = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  // Before paint: the opener still has focus here, and the dialog is modal from its first frame.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    // The field or answer marked data-autofocus, else the first field: not the close button above them.
    const body = dialog.querySelector('.ed-dialog__body');
    const first =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      body?.querySelector<HTMLElement>('input, select, textarea, button, a[href]') ??
      null;
    first?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      // The opener may be gone (a deleted page's row): then focus stays where the screen puts it.
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // The browser's own Escape: the dialog stays until its owner unmounts it.
    const onCancel = (event: Event) => {
      event.preventDefault();
      closeRef.current();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && typeof dialog.showModal !== 'function') {
        event.preventDefault();
        closeRef.current();
      }
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('keydown', onKeyDown);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={wide ? 'ed-dialog ed-dialog--wide' : 'ed-dialog'}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
    >
      <div className="ed-dialog__head">
        <h2 id={titleId} className="ed-dialog__title">
          {title}
        </h2>
        <button type="button" className="ed-button ed-button--quiet" onClick={onClose} aria-label="Close">
          ×
        </button>
      </div>
      <div className="ed-dialog__body">{children}</div>
    </dialog>
  );
}
