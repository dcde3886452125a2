/** The close (×) glyph of the modal layers (the cart drawer, the phone menu): decorative, the button names itself. */
export function CloseIcon({ size }: { size: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2.5" />
    </svg>
  );
}
