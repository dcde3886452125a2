// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { BlockView, Blocks } from '../../../src/widgets/blocks';

test('an unknown block renders nothing for visitors and logs its uid', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const { container } = render(
    <BlockView block={{ component: 'mystery_widget', uid: 'uid-42', props: {} }} draft={false} />,
  );
  expect(container.innerHTML).toBe('');
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('uid-42'));
  warn.mockRestore();
});

test('in draft mode an unknown block shows editors a visible notice', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  render(
    <Blocks
      blocks={[
        { component: 'mystery_widget', uid: 'uid-7', props: {} },
        { component: 'other_mystery', uid: 'uid-8', props: {} },
      ]}
      draft
    />,
  );
  const notices = screen.getAllByRole('note');
  expect(notices).toHaveLength(2);
  expect(notices[0]?.textContent).toContain('mystery_widget');
  expect(notices[0]?.textContent).toContain('uid-7');
  warn.mockRestore();
});
