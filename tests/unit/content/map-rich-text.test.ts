import { expect, test } from 'vitest';
import { toRichText } from '../../../src/content/map/rich-text';
import { richTextSchema } from '../../../src/content/wire';
import { doc, para, recordingContext, text } from './factories';

const ctx = recordingContext();
const map = (...nodes: Record<string, unknown>[]) => toRichText(richTextSchema.parse(doc(...nodes)), ctx);

test('paragraphs keep text, hard breaks and the five simple marks', () => {
  const blocks = map(
    para(
      text('Jab', 'bold', 'italic'),
      { type: 'hard_break' },
      text('cross', 'underline', 'strike', 'code', 'styled'),
    ),
  );
  expect(blocks).toEqual([
    {
      type: 'paragraph',
      children: [
        { type: 'text', text: 'Jab', marks: [{ type: 'bold' }, { type: 'italic' }] },
        { type: 'break' },
        { type: 'text', text: 'cross', marks: [{ type: 'underline' }, { type: 'strike' }, { type: 'code' }] },
      ],
    },
  ]);
});

test('link marks carry href and external; internal links get a leading slash', () => {
  const link = (href: string, extra: Record<string, unknown> = {}) => ({
    type: 'link',
    attrs: { href, ...extra },
  });
  const [block] = map(
    para(
      text('yt', link('https://youtube.com/x')),
      text('own', link('https://roundhouse.example/wellness/sleep')),
      text('story', link('training/jab', { linktype: 'story', anchor: 'steps' })),
      text('mail', link('coach@roundhouse.example', { linktype: 'email' })),
      text('bad', link('javascript:alert(1)')),
    ),
  );
  expect(block).toEqual({
    type: 'paragraph',
    children: [
      { type: 'text', text: 'yt', marks: [{ type: 'link', href: 'https://youtube.com/x', external: true }] },
      { type: 'text', text: 'own', marks: [{ type: 'link', href: '/wellness/sleep', external: false }] },
      {
        type: 'text',
        text: 'story',
        marks: [{ type: 'link', href: '/training/jab#steps', external: false }],
      },
      {
        type: 'text',
        text: 'mail',
        marks: [{ type: 'link', href: 'mailto:coach@roundhouse.example', external: false }],
      },
      { type: 'text', text: 'bad', marks: [] },
    ],
  });
});

test('heading levels 1–2 become 2, 3 stays 3, 4 and deeper become 4', () => {
  const heading = (level: unknown) => ({ type: 'heading', attrs: { level }, content: [text('H')] });
  const levels = map(heading(1), heading(2), heading(3), heading(4), heading(6), heading('x')).map((b) =>
    b.type === 'heading' ? b.level : null,
  );
  expect(levels).toEqual([2, 2, 3, 4, 4, 2]);
});

test('bullet and ordered lists map their items to block lists', () => {
  const item = (value: string) => ({ type: 'list_item', content: [para(text(value))] });
  expect(
    map(
      { type: 'bullet_list', content: [item('a'), item('b')] },
      { type: 'ordered_list', content: [item('c')] },
    ),
  ).toEqual([
    {
      type: 'list',
      ordered: false,
      items: [
        [{ type: 'paragraph', children: [{ type: 'text', text: 'a', marks: [] }] }],
        [{ type: 'paragraph', children: [{ type: 'text', text: 'b', marks: [] }] }],
      ],
    },
    {
      type: 'list',
      ordered: true,
      items: [[{ type: 'paragraph', children: [{ type: 'text', text: 'c', marks: [] }] }]],
    },
  ]);
});

test('blockquote, code block and horizontal rule', () => {
  expect(
    map(
      { type: 'blockquote', content: [para(text('quoted'))] },
      { type: 'code_block', attrs: { class: 'language-js' }, content: [text('let a = 1;\n'), text('a++;')] },
      { type: 'horizontal_rule' },
    ),
  ).toEqual([
    {
      type: 'quote',
      children: [{ type: 'paragraph', children: [{ type: 'text', text: 'quoted', marks: [] }] }],
    },
    { type: 'code', text: 'let a = 1;\na++;' },
    { type: 'rule' },
  ]);
});

test('an inline image is lifted out of its paragraph as an image block', () => {
  const image = {
    type: 'image',
    attrs: { src: 'https://a.storyblok.com/f/1/800x600/h/bag.jpg', alt: 'Heavy bag' },
  };
  expect(map(para(text('before'), image, text('after')))).toEqual([
    { type: 'paragraph', children: [{ type: 'text', text: 'before', marks: [] }] },
    {
      type: 'image',
      image: {
        src: 'https://a.storyblok.com/f/1/800x600/h/bag.jpg',
        alt: 'Heavy bag',
        width: 800,
        height: 600,
        focus: null,
      },
    },
    { type: 'paragraph', children: [{ type: 'text', text: 'after', marks: [] }] },
  ]);
});

test('blok nodes become one blok block per body item', () => {
  const body = [
    { _uid: 'b1', component: 'product_card', product_id: 'gid://shopify/Product/1' },
    { _uid: 'b2', component: 'email_capture', cta: 'Subscribe' },
    { component: 'no_uid' },
  ];
  expect(map({ type: 'blok', attrs: { id: 'x', body } })).toEqual([
    { type: 'blok', component: 'product_card', uid: 'b1', props: { product_id: 'gid://shopify/Product/1' } },
    { type: 'blok', component: 'email_capture', uid: 'b2', props: { cta: 'Subscribe' } },
  ]);
});

test('unknown node types are dropped', () => {
  expect(
    map({ type: 'emoji', attrs: { name: 'x' } }, { type: 'table', content: [] }, para(text('kept'))),
  ).toEqual([{ type: 'paragraph', children: [{ type: 'text', text: 'kept', marks: [] }] }]);
});

test('a missing document maps to no blocks', () => {
  expect(toRichText(null, ctx)).toEqual([]);
  expect(toRichText({}, ctx)).toEqual([]);
});

test('block fields are normalised: assets to images, links to hrefs, rich text and nested blocks mapped', () => {
  const ctx = { warn: () => {}, siteOrigin: null, siteName: 'Roundhouse' };
  const blocks = toRichText(
    {
      content: [
        {
          type: 'blok',
          attrs: {
            body: [
              {
                _uid: 'c1',
                component: 'carousel',
                _editable: '<!--#storyblok#{}-->',
                label: 'Hero',
                slides: [
                  {
                    _uid: 's1',
                    component: 'carousel_slide',
                    image: {
                      id: 1,
                      fieldtype: 'asset',
                      filename: '/f/1/1600x900/ab/cover.jpg',
                      alt: 'Gloves',
                    },
                    link: { fieldtype: 'multilink', linktype: 'url', url: 'training/jab' },
                    empty_link: { fieldtype: 'multilink', linktype: 'story', cached_url: '' },
                    text: {
                      type: 'doc',
                      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Hi' }] }],
                    },
                  },
                ],
              },
            ],
          },
        },
      ],
    },
    ctx,
  );
  expect(blocks).toEqual([
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
              image: {
                src: '/f/1/1600x900/ab/cover.jpg',
                alt: 'Gloves',
                width: 1600,
                height: 900,
                focus: null,
              },
              link: '/training/jab',
              empty_link: '',
              text: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hi', marks: [] }] }],
            },
          },
        ],
      },
    },
  ]);
});

test('a video asset in a block becomes its URL, not an image', () => {
  const blocks = toRichText(
    {
      content: [
        {
          type: 'blok',
          attrs: {
            body: [
              {
                _uid: 'v1',
                component: 'video',
                url: {
                  id: 9,
                  fieldtype: 'asset',
                  filename: 'https://a.storyblok.com/f/1/960x540/ab/clip.webm',
                },
              },
            ],
          },
        },
      ],
    },
    { warn: () => {}, siteOrigin: null, siteName: 'Roundhouse' },
  );
  expect(blocks[0]).toMatchObject({ props: { url: 'https://a.storyblok.com/f/1/960x540/ab/clip.webm' } });
});
