/**
 * Size selector: a radio group (fieldset + legend) drawn as buttons. Arrow keys move between sizes
 * natively. The selected option's size description shows below (and describes the group).
 * Controlled (`value` + `onChange`) or uncontrolled (`defaultValue`).
 */
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';

/** Spec §3: id, name, uid; optionally a key and a size description. */
export type SizeOption = {
  id: string;
  /** The visible size label ("M", "12 oz"). */
  name: string;
  uid: string;
  /** Optional short code (e.g. the store's option key); exposed as `data-size-key`. */
  key?: string;
  /** Shown under the buttons while this size is selected ("Fits hands 18–20 cm"). */
  sizeDescription?: string;
};

export type SizeSelectorProps = {
  options: SizeOption[];
  /** The group's legend. */
  legend?: string;
  /** Selected option id (controlled). `null` = nothing selected. */
  value?: string | null;
  /** Initially selected option id (uncontrolled). */
  defaultValue?: string | null;
  onChange?: (option: SizeOption) => void;
  /** Form field name for the radios (defaults to a generated one). */
  name?: string;
  disabled?: boolean;
  className?: string;
};

export function SizeSelector({
  options,
  legend = 'Size',
  value,
  defaultValue = null,
  onChange,
  name,
  disabled = false,
  className,
}: SizeSelectorProps) {
  const baseId = useId();
  const [own, setOwn] = useState<string | null>(defaultValue);
  const selectedId = value !== undefined ? value : own;
  const selected = options.find((option) => option.id === selectedId) ?? null;
  const descriptionId = `${baseId}-description`;
  const groupName = name ?? `${baseId}-size`;
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const choose = (option: SizeOption) => {
    if (value === undefined) setOwn(option.id);
    onChange?.(option);
  };
  // A size picked before the page hydrated (on a slow phone the radios work before the script
  // does): React keeps the radio checked as it hydrates but fires no change, so take it up here.
  const chooseCheckedBeforeHydration = useEffectEvent(() => {
    const checked = fieldset.current?.querySelector<HTMLInputElement>('input:checked');
    const option = options.find((candidate) => candidate.id === checked?.value);
    if (option && option.id !== selectedId) choose(option);
  });
  useEffect(() => chooseCheckedBeforeHydration(), []);
  if (options.length === 0) return null;

  return (
    <fieldset
      ref={fieldset}
      className={['ui-size-selector', className].filter(Boolean).join(' ')}
      disabled={disabled}
      aria-describedby={selected?.sizeDescription ? descriptionId : undefined}
    >
      <legend className="ui-size-selector__legend">
        {legend}
        {selected ? <span className="ui-size-selector__current">: {selected.name}</span> : null}
      </legend>
      <div className="ui-size-selector__options">
        {options.map((option) => {
          const inputId = `${baseId}-${option.uid}`;
          return (
            <div key={option.uid} className="ui-size-selector__option">
              <input
                type="radio"
                id={inputId}
                name={groupName}
                value={option.id}
                checked={option.id === selectedId}
                data-size-key={option.key}
                className="ui-size-selector__input"
                onChange={() => choose(option)}
              />
              <label htmlFor={inputId} className="ui-size-selector__button">
                {option.name}
              </label>
            </div>
          );
        })}
      </div>
      <p id={descriptionId} className="ui-size-selector__description" aria-live="polite">
        {selected?.sizeDescription ?? ''}
      </p>
    </fieldset>
  );
}
