// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { Input } from '../../../../src/widgets/input/index';
import { Select, SELECT_PLACEHOLDER } from '../../../../src/widgets/select/index';
import './helpers';

const sizes = [
  { value: '10oz', label: '10 oz' },
  { value: '12oz', label: '12 oz' },
];

test('an input is labelled by its label, also when the label is visually hidden', () => {
  render(
    <>
      <Input label="First name" />
      <Input label="Email address" hideLabel type="email" />
    </>,
  );
  const first = screen.getByLabelText('First name');
  expect(first.tagName).toBe('INPUT');
  expect(first.hasAttribute('aria-invalid')).toBe(false);
  expect(first.hasAttribute('aria-describedby')).toBe(false);
  const email = screen.getByRole('textbox', { name: 'Email address' });
  expect(email.getAttribute('type')).toBe('email');
  expect(screen.getByText('Email address').className).toBe('visually-hidden');
});

test('an input error sets aria-invalid and is linked with aria-describedby, after the hint', () => {
  render(<Input label="Postcode" hint="As on your card" error="Postcode is required" />);
  const input = screen.getByRole('textbox', { name: 'Postcode' });
  expect(input.getAttribute('aria-invalid')).toBe('true');
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  expect(ids).toHaveLength(2);
  expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual([
    'As on your card',
    'Postcode is required',
  ]);
});

test('the input passes native attributes and events through', () => {
  const onChange = vi.fn();
  render(<Input label="Name" maxLength={10} autoComplete="name" onChange={onChange} />);
  const input = screen.getByRole('textbox', { name: 'Name' });
  expect(input.getAttribute('maxlength')).toBe('10');
  expect(input.getAttribute('autocomplete')).toBe('name');
  fireEvent.change(input, { target: { value: 'Sam' } });
  expect(onChange).toHaveBeenCalledOnce();
});

test('a select starts on the placeholder "-- Please select a size --"', () => {
  render(<Select label="Glove size" options={sizes} />);
  const select = screen.getByRole('combobox', { name: 'Glove size' }) as HTMLSelectElement;
  expect(SELECT_PLACEHOLDER).toBe('-- Please select a size --');
  expect(select.value).toBe('');
  const first = select.options[0];
  expect(first?.textContent).toBe('-- Please select a size --');
  expect(first?.value).toBe('');
  expect(first?.disabled).toBe(true);
  expect([...select.options].map((o) => o.textContent)).toEqual([SELECT_PLACEHOLDER, '10 oz', '12 oz']);
});

test('a select takes a custom placeholder, or none', () => {
  const { unmount } = render(<Select label="Colour" options={sizes} placeholder="Pick one" />);
  expect((screen.getByRole('combobox') as HTMLSelectElement).options[0]?.textContent).toBe('Pick one');
  unmount();
  render(<Select label="Colour" options={sizes} placeholder={null} />);
  expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('10oz');
});

test('a select error sets aria-invalid and is linked with aria-describedby; changes are reported', () => {
  const onChange = vi.fn();
  render(<Select label="Glove size" options={sizes} error="Please choose a size" onChange={onChange} />);
  const select = screen.getByRole('combobox', { name: 'Glove size' }) as HTMLSelectElement;
  expect(select.getAttribute('aria-invalid')).toBe('true');
  const describedBy = select.getAttribute('aria-describedby') ?? '';
  expect(document.getElementById(describedBy)?.textContent).toBe('Please choose a size');
  fireEvent.change(select, { target: { value: '12oz' } });
  expect(onChange).toHaveBeenCalledOnce();
  expect(select.value).toBe('12oz');
});

test('a controlled select shows its value', () => {
  render(<Select label="Glove size" options={sizes} value="12oz" onChange={() => {}} />);
  expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('12oz');
});
