/**
 * A labelled text input in the field frame (../field): the label is always associated, an error
 * sets aria-invalid and is linked with aria-describedby (after any hint).
 */
import type { InputHTMLAttributes, Ref } from 'react';
import { FieldFrame, type FieldFrameProps } from '../field/index.tsx';

export type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'id'> &
  Pick<FieldFrameProps, 'label' | 'hideLabel' | 'hint' | 'error' | 'tone' | 'id' | 'className'> & {
    ref?: Ref<HTMLInputElement>;
  };

export function Input({
  label,
  hideLabel,
  hint,
  error,
  tone,
  id,
  className,
  type = 'text',
  ref,
  ...rest
}: InputProps) {
  return (
    <FieldFrame
      kind="input"
      {...{ label, hideLabel, hint, error, tone, id, className }}
      describedBy={rest['aria-describedby']}
    >
      {(control) => <input {...rest} ref={ref} type={type} {...control} />}
    </FieldFrame>
  );
}
