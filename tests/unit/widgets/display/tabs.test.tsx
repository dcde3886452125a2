// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { Tabs } from '../../../../src/widgets/tabs/index';
import './helpers';

const items = [
  { key: 'a', name: 'Jab', content: <p>Jab drills</p> },
  { key: 'b', name: 'Cross', content: <p>Cross drills</p> },
  { key: 'c', name: 'Hook', content: <p>Hook drills</p> },
];

function setup(onChange = vi.fn()) {
  render(<Tabs items={items} label="Punches" onChange={onChange} />);
  const tabs = screen.getAllByRole('tab');
  return { tabs, onChange };
}

const selected = () => screen.getAllByRole('tab').map((t) => t.getAttribute('aria-selected'));
const tabIndexes = () => screen.getAllByRole('tab').map((t) => t.getAttribute('tabindex'));

test('renders the WAI-ARIA tabs structure with the first tab selected', () => {
  const { tabs } = setup();
  expect(screen.getByRole('tablist', { name: 'Punches' })).toBeTruthy();
  expect(tabs.map((t) => t.textContent)).toEqual(['Jab', 'Cross', 'Hook']);
  expect(selected()).toEqual(['true', 'false', 'false']);
  expect(tabIndexes()).toEqual(['0', '-1', '-1']);
  const panel = screen.getByRole('tabpanel', { name: 'Jab' });
  expect(panel.textContent).toBe('Jab drills');
  expect(tabs[0]?.getAttribute('aria-controls')).toBe(panel.id);
  // Inactive panels are in the HTML (server-rendered content) but hidden.
  const all = document.querySelectorAll('[role="tabpanel"]');
  expect(all).toHaveLength(3);
  expect([...all].map((p) => (p as HTMLElement).hidden)).toEqual([false, true, true]);
});

test('ArrowRight/ArrowLeft move focus and select (automatic activation), wrapping at the ends', () => {
  const { tabs, onChange } = setup();
  tabs[0]?.focus();
  fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
  expect(document.activeElement).toBe(tabs[1]);
  expect(selected()).toEqual(['false', 'true', 'false']);
  expect(tabIndexes()).toEqual(['-1', '0', '-1']);
  expect(screen.getByRole('tabpanel').textContent).toBe('Cross drills');
  expect(onChange).toHaveBeenLastCalledWith(1);

  fireEvent.keyDown(tabs[1]!, { key: 'ArrowRight' });
  fireEvent.keyDown(tabs[2]!, { key: 'ArrowRight' });
  expect(document.activeElement).toBe(tabs[0]);
  expect(selected()).toEqual(['true', 'false', 'false']);

  fireEvent.keyDown(tabs[0]!, { key: 'ArrowLeft' });
  expect(document.activeElement).toBe(tabs[2]);
  expect(screen.getByRole('tabpanel').textContent).toBe('Hook drills');
});

test('Home and End jump to the first and last tab; other keys do nothing', () => {
  const { tabs } = setup();
  fireEvent.keyDown(tabs[0]!, { key: 'End' });
  expect(document.activeElement).toBe(tabs[2]);
  expect(selected()).toEqual(['false', 'false', 'true']);
  fireEvent.keyDown(tabs[2]!, { key: 'Home' });
  expect(document.activeElement).toBe(tabs[0]);
  expect(selected()).toEqual(['true', 'false', 'false']);
  fireEvent.keyDown(tabs[0]!, { key: 'ArrowDown' });
  expect(selected()).toEqual(['true', 'false', 'false']);
});

test('clicking a tab selects it', () => {
  const { tabs } = setup();
  fireEvent.click(tabs[1]!);
  expect(selected()).toEqual(['false', 'true', 'false']);
  expect(screen.getByRole('tabpanel', { name: 'Cross' })).toBeTruthy();
});

test('a controlled selection and an empty list', () => {
  const { unmount } = render(<Tabs items={items} selectedIndex={2} />);
  expect(selected()).toEqual(['false', 'false', 'true']);
  unmount();
  const { container } = render(<Tabs items={[]} />);
  expect(container.innerHTML).toBe('');
});
