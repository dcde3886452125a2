// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { SCROLL_LOCKED_CLASS } from '../../../../src/widgets/dialog/scroll-lock.ts';
import { useModalDialog } from '../../../../src/widgets/dialog/use-modal-dialog.ts';

afterEach(cleanup);

const locked = () => document.documentElement.classList.contains(SCROLL_LOCKED_CLASS);

/** A page with an opener, a modal dialog (close button, link, field) and a control outside it. */
function Page({ onClose = () => {} }: { onClose?: (restoreFocus: boolean) => void }) {
  const [open, setOpen] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const dialog = useModalDialog({
    open,
    onClose: (restoreFocus) => {
      onClose(restoreFocus);
      setOpen(false);
    },
    dialogRef,
    returnFocusRef: openerRef,
  });
  return (
    <>
      <button ref={openerRef} type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Outside</button>
      <div ref={dialogRef} role="dialog" aria-label="Panel" hidden={!open} onClick={dialog.onClick}>
        <button type="button" onClick={() => dialog.close(true)}>
          Close
        </button>
        <a href="/shop" onClick={(event) => event.preventDefault()}>
          Shop
        </a>
        <input aria-label="Code" />
      </div>
    </>
  );
}

function openDialog(onClose?: (restoreFocus: boolean) => void) {
  render(<Page onClose={onClose} />);
  fireEvent.click(screen.getByRole('button', { name: 'Open' }));
  return screen.getByRole('dialog', { name: 'Panel' });
}

test('opening moves focus to the first focusable element and locks page scrolling', () => {
  openDialog();
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  expect(locked()).toBe(true);
});

test('Escape closes, unlocks scrolling and gives focus back to the opener', () => {
  const onClose = vi.fn();
  const dialog = openDialog(onClose);
  fireEvent.keyDown(document, { key: 'Escape' });
  expect(onClose).toHaveBeenCalledWith(true);
  expect(dialog.hidden).toBe(true);
  expect(locked()).toBe(false);
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' }));
});

test("the dialog's own close control gives focus back too", () => {
  openDialog();
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' }));
});

test('following a link inside closes without taking focus back', () => {
  const onClose = vi.fn();
  openDialog(onClose);
  fireEvent.click(screen.getByRole('link', { name: 'Shop' }));
  expect(onClose).toHaveBeenCalledWith(false);
  expect(locked()).toBe(false);
  expect(document.activeElement).not.toBe(screen.getByRole('button', { name: 'Open' }));
});

test('clicks on anything but a link leave the dialog open', () => {
  const onClose = vi.fn();
  const dialog = openDialog(onClose);
  fireEvent.click(screen.getByRole('textbox', { name: 'Code' }));
  expect(onClose).not.toHaveBeenCalled();
  expect(dialog.hidden).toBe(false);
});

test('focus that lands outside the open dialog is brought back in', () => {
  openDialog();
  screen.getByRole('textbox', { name: 'Code' }).focus();
  screen.getByRole('button', { name: 'Outside' }).focus();
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
});

test('other keys do nothing, and a closed dialog ignores Escape', () => {
  const onClose = vi.fn();
  render(<Page onClose={onClose} />);
  fireEvent.keyDown(document, { key: 'Escape' });
  expect(onClose).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: 'Open' }));
  fireEvent.keyDown(document, { key: 'Enter' });
  expect(onClose).not.toHaveBeenCalled();
  expect(locked()).toBe(true);
});
