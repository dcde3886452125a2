/**
 * Modal dialog behaviour, shared by the cart drawer and the phone menu: while open, focus moves in
 * and stays in, Escape closes, the page does not scroll, and following a link inside closes it;
 * after a close that asks for it, focus goes back to the control that opened the dialog. (The page
 * behind is made inert by its layout; the focus guard here also holds where nothing is inert.)
 */
import { useEffect, useRef, type MouseEvent, type RefObject } from 'react';
import { lockScroll } from './scroll-lock.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The first element of `root` that takes focus from the keyboard, or null. */
export function firstFocusable(root: HTMLElement | null): HTMLElement | null {
  return root?.querySelector<HTMLElement>(FOCUSABLE) ?? null;
}

export type ModalDialogOptions = {
  open: boolean;
  /**
   * Asked to close. `restoreFocus` is true for Escape and the dialog's own close controls (`close`),
   * false when a link inside was followed (focus goes with the navigation).
   */
  onClose: (restoreFocus: boolean) => void;
  /** The dialog element: focus is kept inside it, and its links close it. */
  dialogRef: RefObject<HTMLElement | null>;
  /** Focused on open; by default the dialog's first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Focused after a close that restores focus; by default what had focus when the dialog opened. */
  returnFocusRef?: RefObject<HTMLElement | null>;
};

export type ModalDialog = {
  /** Close from a control of the dialog (a close button, a backdrop). */
  close: (restoreFocus: boolean) => void;
  /** The dialog element's onClick: following a link inside closes the dialog. */
  onClick: (event: MouseEvent) => void;
};

/** The behaviour of a modal dialog while `open` (see the module comment). */
export function useModalDialog({
  open,
  onClose,
  dialogRef,
  initialFocusRef,
  returnFocusRef,
}: ModalDialogOptions): ModalDialog {
  const onCloseRef = useRef(onClose);
  const restoreOnClose = useRef(false);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const dialog = dialogRef.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const returnTo = returnFocusRef?.current ?? opener;
    restoreOnClose.current = false;
    (initialFocusRef?.current ?? firstFocusable(dialog))?.focus();
    const release = lockScroll();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      restoreOnClose.current = true;
      onCloseRef.current(true);
    };
    const onFocusIn = (event: FocusEvent) => {
      if (dialog && event.target instanceof Node && !dialog.contains(event.target)) {
        firstFocusable(dialog)?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      release();
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      // The layout makes the page live again in the same commit that closes the dialog, so the
      // opener can take focus here.
      if (restoreOnClose.current) returnTo?.focus();
      restoreOnClose.current = false;
    };
    // Refs are read when the dialog opens; only opening and closing re-run this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const close = (restoreFocus: boolean) => {
    restoreOnClose.current = restoreFocus;
    onClose(restoreFocus);
  };
  const onClick = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) close(false);
  };
  return { close, onClick };
}
