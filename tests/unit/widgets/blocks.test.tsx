// @vitest-environment node
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test, vi } from 'vitest';
import { BlockView, Blocks } from '../../../src/widgets/blocks';

test('an unknown block renders nothing for visitors and the server log names its uid', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const html = renderToStaticMarkup(
    <BlockView block={{ component: 'mystery_widget', uid: 'uid-42', props: {} }} draft={false} />,
  );
  expect(html).toBe('');
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('uid-42'));
  warn.mockRestore();
});

test('in draft mode an unknown block shows editors a visible notice', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const html = renderToStaticMarkup(
    <Blocks
      blocks={[
        { component: 'mystery_widget', uid: 'uid-7', props: {} },
        { component: 'other_mystery', uid: 'uid-8', props: {} },
      ]}
      draft
    />,
  );
  expect(html.match(/role="note"/g)).toHaveLength(2);
  expect(html).toContain('mystery_widget');
  expect(html).toContain('uid-7');
  warn.mockRestore();
});
