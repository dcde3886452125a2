/**
 * A labelled native select in the field frame (../field). A placeholder option (`-- Please select
 * a size --` by default, §9) is selected until the visitor picks a value; an error sets aria-invalid
 * and aria-describedby.
 */
import type { Ref, SelectHTMLAttributes } from 'react';
import { FieldFrame, type FieldFrameProps } from '../field/index.tsx';

export const SELECT_PLACEHOLDER = '-- Please select a size --';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'className' | 'id' | 'children' | 'multiple'
> &
  Pick<FieldFrameProps, 'label' | 'hideLabel' | 'hint' | 'error' | 'tone' | 'id' | 'className'> & {
    options: SelectOption[];
    /** The first, empty option. Pass `null` for no placeholder. */
    placeholder?: string | null;
    ref?: Ref<HTMLSelectElement>;
  };

export function Select({
  label,
  options,
  placeholder = SELECT_PLACEHOLDER,
  hideLabel,
  hint,
  error,
  tone,
  id,
  className,
  ref,
  value,
  defaultValue,
  ...rest
}: SelectProps) {
  // Uncontrolled selects start on the placeholder (not on the first real option).
  const initial =
    value === undefined && defaultValue === undefined && placeholder !== null ? '' : defaultValue;
  return (
    <FieldFrame
      kind="select"
      {...{ label, hideLabel, hint, error, tone, id, className }}
      describedBy={rest['aria-describedby']}
    >
      {(control) => (
        <span className="ui-select__frame">
          <select {...rest} ref={ref} value={value} defaultValue={initial} {...control}>
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
      )}
    </FieldFrame>
  );
}
