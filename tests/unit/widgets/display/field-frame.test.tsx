// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { FieldFrame } from '../../../../src/widgets/field/index.tsx';

afterEach(cleanup);

test('labels its control and wires caller ids, hint and error into aria-describedby in that order', () => {
  render(
    <>
      <p id="note">Shown on the receipt</p>
      <FieldFrame
        kind="input"
        label="Name"
        hint="As on your card"
        error="Name is required"
        describedBy="note"
      >
        {(control) => <input {...control} />}
      </FieldFrame>
    </>,
  );
  const input = screen.getByRole('textbox', { name: 'Name' });
  expect(input.getAttribute('aria-invalid')).toBe('true');
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual([
    'Shown on the receipt',
    'As on your card',
    'Name is required',
  ]);
  expect(input.closest('.ui-field')?.className).toBe('ui-field ui-field--light ui-field--invalid');
});

test('without hint or error the control has no aria-invalid or aria-describedby', () => {
  render(
    <FieldFrame kind="input" label="Name" id="name">
      {(control) => <input {...control} />}
    </FieldFrame>,
  );
  const input = screen.getByRole('textbox', { name: 'Name' });
  expect(input.id).toBe('name');
  expect(input.className).toBe('ui-field__control');
  expect(input.hasAttribute('aria-invalid')).toBe(false);
  expect(input.hasAttribute('aria-describedby')).toBe(false);
});

test('a kind other than input names the frame and the control, and a hidden label still names it', () => {
  render(
    <FieldFrame kind="select" label="Size" hideLabel tone="dark">
      {(control) => (
        <select {...control}>
          <option>M</option>
        </select>
      )}
    </FieldFrame>,
  );
  const select = screen.getByRole('combobox', { name: 'Size' });
  expect(select.id).toMatch(/-select$/);
  expect(select.className).toBe('ui-field__control ui-select__control');
  expect(select.closest('.ui-field')?.className).toBe('ui-field ui-select ui-field--dark');
  expect(screen.getByText('Size').className).toBe('visually-hidden');
});
