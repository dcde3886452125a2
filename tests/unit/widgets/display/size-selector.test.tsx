// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { expect, test, vi } from 'vitest';
import { SizeSelector, type SizeOption } from '../../../../src/widgets/size-selector/index';
import './helpers';

const options: SizeOption[] = [
  { id: 'v1', name: '10 oz', uid: 'u1', key: 'ten', sizeDescription: 'Bag work, up to 55 kg' },
  { id: 'v2', name: '12 oz', uid: 'u2', sizeDescription: 'Bag work, 55–70 kg' },
  { id: 'v3', name: '16 oz', uid: 'u3' },
];

test('a radio group in a fieldset named by its legend; nothing selected, no description', () => {
  render(<SizeSelector options={options} legend="Glove weight" />);
  const group = screen.getByRole('group', { name: 'Glove weight' });
  expect(group.tagName).toBe('FIELDSET');
  const radios = screen.getAllByRole('radio') as HTMLInputElement[];
  expect(radios.map((r) => r.labels?.[0]?.textContent)).toEqual(['10 oz', '12 oz', '16 oz']);
  expect(radios.every((r) => !r.checked)).toBe(true);
  expect(radios[0]?.getAttribute('data-size-key')).toBe('ten');
  expect(group.hasAttribute('aria-describedby')).toBe(false);
});

test('uncontrolled: choosing a size checks it, reports it and shows its description', () => {
  const onChange = vi.fn();
  render(<SizeSelector options={options} onChange={onChange} />);
  fireEvent.click(screen.getByRole('radio', { name: '12 oz' }));
  expect((screen.getByRole('radio', { name: '12 oz' }) as HTMLInputElement).checked).toBe(true);
  expect(onChange).toHaveBeenCalledWith(options[1]);
  const group = screen.getByRole('group');
  const description = document.getElementById(group.getAttribute('aria-describedby') ?? '');
  expect(description?.textContent).toBe('Bag work, 55–70 kg');
  expect(group.textContent).toContain('Size: 12 oz');

  fireEvent.click(screen.getByRole('radio', { name: '16 oz' }));
  expect(group.hasAttribute('aria-describedby')).toBe(false);
  expect(document.querySelector('.ui-size-selector__description')?.textContent).toBe('');
});

test('defaultValue preselects a size', () => {
  render(<SizeSelector options={options} defaultValue="v1" />);
  expect((screen.getByRole('radio', { name: '10 oz' }) as HTMLInputElement).checked).toBe(true);
  expect(screen.getByText('Bag work, up to 55 kg')).toBeTruthy();
});

test('controlled: the value prop decides; onChange reports the choice', () => {
  const onChange = vi.fn();
  const { rerender } = render(<SizeSelector options={options} value="v1" onChange={onChange} />);
  fireEvent.click(screen.getByRole('radio', { name: '12 oz' }));
  expect(onChange).toHaveBeenCalledWith(options[1]);
  expect((screen.getByRole('radio', { name: '10 oz' }) as HTMLInputElement).checked).toBe(true);
  rerender(<SizeSelector options={options} value="v2" onChange={onChange} />);
  expect((screen.getByRole('radio', { name: '12 oz' }) as HTMLInputElement).checked).toBe(true);
  expect(screen.getByText('Bag work, 55–70 kg')).toBeTruthy();
});

test('controlled through state', () => {
  function Harness() {
    const [value, setValue] = useState<string | null>(null);
    return <SizeSelector options={options} value={value} onChange={(o) => setValue(o.id)} />;
  }
  render(<Harness />);
  fireEvent.click(screen.getByRole('radio', { name: '10 oz' }));
  expect((screen.getByRole('radio', { name: '10 oz' }) as HTMLInputElement).checked).toBe(true);
  expect(screen.getByText('Bag work, up to 55 kg')).toBeTruthy();
});
