// @vitest-environment node
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test, vi } from 'vitest';
import { scanBlocks } from '../../../src/blocks/walk';
import { BlockView, Blocks, blockModules, loadBlocks, registeredBlocks } from '../../../src/blocks/registry';
import { validateBlock, validateRichText, withCheckedBody } from '../../../src/blocks/validate.server';
import { displaySchemas } from '../../../src/blocks/schemas/display.server';
import { interactiveSchemas } from '../../../src/blocks/schemas/interactive.server';

test('the server marks an unknown block and logs its uid; visitors see nothing', () => {
  const logged: string[] = [];
  const block = validateBlock({ component: 'mystery_widget', uid: 'uid-42', props: {} }, (m) =>
    logged.push(m),
  );
  expect(block.error).toBe('unknown block type');
  expect(logged).toEqual([expect.stringContaining('uid-42')]);
  expect(renderToStaticMarkup(<BlockView block={block} draft={false} />)).toBe('');
});

test('a registered block with bad props is marked with the reason and not rendered', () => {
  const logged: string[] = [];
  const block = validateBlock({ component: 'button', uid: 'uid-9', props: { text: 'Go' } }, (m) =>
    logged.push(m),
  );
  expect(block.error).toMatch(/link/);
  expect(logged[0]).toContain('uid-9');
  expect(renderToStaticMarkup(<BlockView block={block} draft={false} />)).toBe('');
});

test('valid props are parsed with defaults applied, and blocks nested in slides are validated too', () => {
  const logged: string[] = [];
  const [checked] = validateRichText(
    [
      {
        type: 'blok',
        component: 'carousel',
        uid: 'c1',
        props: {
          label: 'Hero',
          slides: [
            {
              component: 'carousel_slide',
              uid: 's1',
              props: {
                screen_label: 'One',
                body: [{ component: 'button', uid: 'b1', props: { text: 'x' } }],
              },
            },
          ],
        },
      },
    ],
    (m) => logged.push(m),
  );
  expect(checked).toMatchObject({ type: 'blok', component: 'carousel' });
  expect(checked && 'error' in checked ? checked.error : undefined).toBeUndefined();
  expect(logged).toEqual([expect.stringContaining('b1')]);
});

test('in draft mode blocks that cannot render show editors a visible notice', () => {
  const html = renderToStaticMarkup(
    <Blocks
      blocks={[
        { component: 'mystery_widget', uid: 'uid-7', props: {}, error: 'unknown block type' },
        { component: 'other_mystery', uid: 'uid-8', props: {} },
      ]}
      draft
    />,
  );
  expect(html.match(/role="note"/g)).toHaveLength(2);
  expect(html).toContain('mystery_widget');
  expect(html).toContain('uid-7');
});

test('the registry renders exactly the blocks the server has schemas for', () => {
  expect(registeredBlocks().sort()).toEqual(Object.keys({ ...displaySchemas, ...interactiveSchemas }).sort());
});

test('a page needs the renderer modules of the blocks it shows, nested ones included, and no others', () => {
  const page = {
    title: 'Not a block',
    body: [
      { type: 'paragraph', children: [] },
      {
        type: 'blok',
        component: 'carousel',
        uid: 'c1',
        props: {
          slides: [
            {
              component: 'carousel_slide',
              uid: 's1',
              props: { body: [{ component: 'card', uid: 'k1', props: {} }] },
            },
          ],
        },
      },
      { type: 'blok', component: 'button', uid: 'b1', props: {} },
      { type: 'blok', component: 'mystery_widget', uid: 'm1', props: {} },
    ],
  };
  const { names } = scanBlocks(page);
  expect([...names].sort()).toEqual(['button', 'card', 'carousel', 'carousel_slide', 'mystery_widget']);
  // button is one of the small blocks, card has its own module; slides and unknown blocks need none.
  expect(blockModules(names).sort()).toEqual(['basic', 'card', 'carousel']);
  expect(blockModules(scanBlocks({ title: 'An article without blocks', body: [] }).names)).toEqual([]);
});

test('once loaded, a block renders on the server in one pass', async () => {
  await loadBlocks(['rating']);
  const html = renderToStaticMarkup(
    <BlockView block={{ component: 'rating', uid: 'r1', props: { filled: 4, label: '' } }} draft={false} />,
  );
  expect(html).toContain('4 out of 5');
});

test('a story’s body is checked once per version: the same story gives the same checked object, logged once', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  try {
    const story = {
      title: 'Gloves',
      body: [{ type: 'blok' as const, component: 'mystery', uid: 'm9', props: {} }],
    };
    const checked = withCheckedBody(story);
    expect(checked.body[0]).toMatchObject({ error: expect.any(String) });
    expect(withCheckedBody(story)).toBe(checked);
    expect(warn.mock.calls.filter(([m]) => String(m).includes('m9'))).toHaveLength(1);
    // An edit is a new story object: checked (and logged) afresh.
    expect(withCheckedBody({ ...story })).not.toBe(checked);
    expect(warn.mock.calls.filter(([m]) => String(m).includes('m9'))).toHaveLength(2);
  } finally {
    warn.mockRestore();
  }
});
