/**
 * The frame every form field shares: the associated label (visible or visually hidden), a hint and
 * an error under the control, and the control's wiring — its id, aria-invalid and aria-describedby
 * (the caller's own ids, then the hint, then the error). Input and Select draw their control in it.
 */
import { useId, type ReactNode } from 'react';

/** What the frame gives its control: spread these onto the input or select. */
export type FieldControlProps = {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

export type FieldFrameProps = {
  /** The field's visible (or, with `hideLabel`, visually hidden) label. Required: every field is named. */
  label: string;
  /** Keep the label for assistive technology only (the design shows a placeholder instead). */
  hideLabel?: boolean;
  /** Help text under the field, linked with aria-describedby. */
  hint?: string;
  /** An error message: shown under the field, aria-invalid, linked with aria-describedby. */
  error?: string | null;
  /** Render on a dark background. */
  tone?: 'light' | 'dark';
  /** The control's id; by default one from useId, ending in `-{kind}`. */
  id?: string;
  /** What the control is (`input`, `select`): the generated id's suffix and, past `input`, a class. */
  kind: string;
  /** Ids the caller already describes the control with (they come first). */
  describedBy?: string;
  className?: string;
  /** The control, given its id, class and aria wiring. */
  children: (control: FieldControlProps) => ReactNode;
};

export function FieldFrame({
  label,
  hideLabel = false,
  hint,
  error,
  tone = 'light',
  id,
  kind,
  describedBy,
  className,
  children,
}: FieldFrameProps) {
  const generated = useId();
  const controlId = id ?? `${generated}-${kind}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedByIds = [describedBy, hint ? hintId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');
  const frameClass = [
    'ui-field',
    kind === 'input' ? null : `ui-${kind}`,
    `ui-field--${tone}`,
    error ? 'ui-field--invalid' : null,
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={frameClass}>
      <label htmlFor={controlId} className={hideLabel ? 'visually-hidden' : 'ui-field__label'}>
        {label}
      </label>
      {children({
        id: controlId,
        className: kind === 'input' ? 'ui-field__control' : `ui-field__control ui-${kind}__control`,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedByIds || undefined,
      })}
      {hint ? (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
