/**
 * A labelled native select. A placeholder option (`-- Please select a size --` by default, §9) is
 * selected until the visitor picks a value; an error sets aria-invalid and aria-describedby.
 */
import { useId, type Ref, type SelectHTMLAttributes } from 'react';

export const SELECT_PLACEHOLDER = '-- Please select a size --';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'className' | 'id' | 'children' | 'multiple'
> & {
  label: string;
  options: SelectOption[];
  /** The first, empty option. Pass `null` for no placeholder. */
  placeholder?: string | null;
  hideLabel?: boolean;
  hint?: string;
  error?: string | null;
  tone?: 'light' | 'dark';
  id?: string;
  className?: string;
  ref?: Ref<HTMLSelectElement>;
};

export function Select({
  label,
  options,
  placeholder = SELECT_PLACEHOLDER,
  hideLabel = false,
  hint,
  error,
  tone = 'light',
  id,
  className,
  ref,
  value,
  defaultValue,
  ...rest
}: SelectProps) {
  const generated = useId();
  const selectId = id ?? `${generated}-select`;
  const hintId = `${selectId}-hint`;
  const errorId = `${selectId}-error`;
  const describedBy = [rest['aria-describedby'], hint ? hintId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');
  // Uncontrolled selects start on the placeholder (not on the first real option).
  const initial =
    value === undefined && defaultValue === undefined && placeholder !== null ? '' : defaultValue;
  return (
    <div
      className={['ui-field', 'ui-select', `ui-field--${tone}`, error ? 'ui-field--invalid' : null, className]
        .filter(Boolean)
        .join(' ')}
    >
      <label htmlFor={selectId} className={hideLabel ? 'visually-hidden' : 'ui-field__label'}>
        {label}
      </label>
      <span className="ui-select__frame">
        <select
          {...rest}
          ref={ref}
          id={selectId}
          value={value}
          defaultValue={initial}
          className="ui-field__control ui-select__control"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        >
          {placeholder !== null ? (
            <option value="" disabled>
              {placeholder}
            </option>
          ) : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <svg className="ui-select__chevron" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M3.5 6 8 10.5 12.5 6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </span>
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
