// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Block, Inline, Mark } from '../../../src/content/types';
import { RichText } from '../../../src/blocks/rich-text';
import type { RichTextProps } from '../../../src/blocks/rich-text';
import { image } from '../app/factories';

afterEach(cleanup);

function renderRichText(props: RichTextProps) {
  const router = createMemoryRouter([{ path: '/', element: <RichText {...props} /> }]);
  return render(<RouterProvider router={router} />).container;
}

const text = (value: string, marks: Mark[] = []): Inline => ({ type: 'text', text: value, marks });

test('renders paragraphs, headings of each level, breaks, rules and code blocks', () => {
  const container = renderRichText({
    blocks: [
      { type: 'heading', level: 2, children: [text('Stance')] },
      { type: 'heading', level: 3, children: [text('Feet')] },
      { type: 'heading', level: 4, children: [text('Weight')] },
      { type: 'paragraph', children: [text('Line one'), { type: 'break' }, text('Line two')] },
      { type: 'rule' },
      { type: 'code', text: 'jab();\ncross();' },
    ],
  });
  expect(screen.getByRole('heading', { level: 2, name: 'Stance' })).toBeTruthy();
  expect(screen.getByRole('heading', { level: 3, name: 'Feet' })).toBeTruthy();
  expect(screen.getByRole('heading', { level: 4, name: 'Weight' })).toBeTruthy();
  expect(container.querySelector('p')?.innerHTML).toBe('Line one<br>Line two');
  expect(container.querySelector('hr')).not.toBeNull();
  expect(container.querySelector('pre > code')?.textContent).toBe('jab();\ncross();');
});

test('renders ordered and unordered lists with nested blocks, and quotes', () => {
  const container = renderRichText({
    blocks: [
      {
        type: 'list',
        ordered: true,
        items: [
          [{ type: 'paragraph', children: [text('First')] }],
          [{ type: 'paragraph', children: [text('Second')] }],
        ],
      },
      {
        type: 'list',
        ordered: false,
        items: [
          [
            { type: 'paragraph', children: [text('Outer')] },
            { type: 'list', ordered: false, items: [[{ type: 'paragraph', children: [text('Inner')] }]] },
          ],
        ],
      },
      { type: 'quote', children: [{ type: 'paragraph', children: [text('Float like a butterfly')] }] },
    ],
  });
  expect([...container.querySelectorAll('ol > li')].map((li) => li.textContent)).toEqual(['First', 'Second']);
  expect(container.querySelector('ul > li > ul > li')?.textContent).toBe('Inner');
  expect(container.querySelector('blockquote > p')?.textContent).toBe('Float like a butterfly');
});

test('renders each mark, nesting marks in order', () => {
  const container = renderRichText({
    blocks: [
      {
        type: 'paragraph',
        children: [
          text('bold', [{ type: 'bold' }]),
          text('italic', [{ type: 'italic' }]),
          text('underline', [{ type: 'underline' }]),
          text('strike', [{ type: 'strike' }]),
          text('code', [{ type: 'code' }]),
          text('both', [{ type: 'bold' }, { type: 'italic' }]),
        ],
      },
    ],
  });
  const p = container.querySelector('p')!;
  expect(p.innerHTML).toBe(
    '<strong>bold</strong><em>italic</em><u>underline</u><s>strike</s><code class="rich-text__code">code</code><strong><em>both</em></strong>',
  );
});

test('internal links route client-side; external links get rel=noopener noreferrer', () => {
  renderRichText({
    blocks: [
      {
        type: 'paragraph',
        children: [
          text('our guide', [{ type: 'link', href: '/training/the-perfect-jab', external: false }]),
          text('the rules', [
            { type: 'link', href: 'https://rules.example', external: true },
            { type: 'bold' },
          ]),
        ],
      },
    ],
  });
  const internal = screen.getByRole('link', { name: 'our guide' });
  expect(internal.getAttribute('href')).toBe('/training/the-perfect-jab');
  expect(internal.hasAttribute('rel')).toBe(false);
  const external = screen.getByRole('link', { name: 'the rules' });
  expect(external.getAttribute('href')).toBe('https://rules.example');
  expect(external.getAttribute('rel')).toBe('noopener noreferrer');
  expect(external.querySelector('strong')?.textContent).toBe('the rules');
});

test('images render with their size and alt, lazily', () => {
  renderRichText({
    blocks: [{ type: 'image', image: image({ alt: 'Heavy bag', width: 800, height: 600 }) }],
  });
  const img = screen.getByRole('img', { name: 'Heavy bag' });
  expect(img.getAttribute('width')).toBe('800');
  expect(img.getAttribute('height')).toBe('600');
  expect(img.getAttribute('loading')).toBe('lazy');
  expect(img.getAttribute('decoding')).toBe('async');
});

test('bloks render nothing by default and go through renderBlok when given', () => {
  const blok: Block = { type: 'blok', component: 'product_card', uid: 'b1', props: { sku: 'GLOVE' } };
  const empty = renderRichText({ blocks: [blok] });
  expect(empty.querySelector('div')?.innerHTML).toBe('');
  cleanup();
  renderRichText({
    blocks: [blok],
    renderBlok: (b) => <aside aria-label={b.component}>{String(b.props.sku)}</aside>,
  });
  expect(screen.getByRole('complementary', { name: 'product_card' }).textContent).toBe('GLOVE');
});
