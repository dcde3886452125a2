/**
 * A labelled text input. The label is always associated (`htmlFor`/`id` from `useId`); an error
 * sets aria-invalid and is linked with aria-describedby (after any hint).
 */
import { useId, type InputHTMLAttributes, type Ref } from 'react';

export type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'id'> & {
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
  id?: string;
  className?: string;
  ref?: Ref<HTMLInputElement>;
};

export function Input({
  label,
  hideLabel = false,
  hint,
  error,
  tone = 'light',
  id,
  className,
  type = 'text',
  ref,
  ...rest
}: InputProps) {
  const generated = useId();
  const inputId = id ?? `${generated}-input`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [rest['aria-describedby'], hint ? hintId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      className={['ui-field', `ui-field--${tone}`, error ? 'ui-field--invalid' : null, className]
        .filter(Boolean)
        .join(' ')}
    >
      <label htmlFor={inputId} className={hideLabel ? 'visually-hidden' : 'ui-field__label'}>
        {label}
      </label>
      <input
        {...rest}
        ref={ref}
        id={inputId}
        type={type}
        className="ui-field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
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
