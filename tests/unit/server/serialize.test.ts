import { expect, test } from 'vitest';
import { serializeForScript, serializePayload } from '../../../src/server/serialize';
import { settle } from '../../../src/content/settled';

test.each([serializeForScript, serializePayload])(
  'a CMS string cannot close the script element or open a comment (%o)',
  (serialize) => {
    const out = serialize({ title: '</script><script>alert(1)</script><!--' });
    expect(out).not.toContain('</script');
    expect(out).not.toContain('<!--');
    expect(out).not.toMatch(/[<>]/);
  },
);

test.each([serializeForScript, serializePayload])(
  'line and paragraph separators are escaped and the value round-trips (%o)',
  (serialize) => {
    const value = {
      text: 'a\u2028b\u2029c & <d> "e"',
      n: 1,
      list: [null, true],
      nested: settle({ s: '\u2028</script>' }),
    };
    const out = serialize(value);
    expect(out).not.toMatch(/[\u2028\u2029&]/);
    expect(JSON.parse(out)).toEqual(value);
    // What the browser evaluates is the same value.
    expect(new Function(`return ${out}`)()).toEqual(value);
  },
);

test.each([serializeForScript, serializePayload])(
  'the text is ASCII: every other character escaped, and the value round-trips (%o)',
  (serialize) => {
    const value = {
      title: 'Buyer’s guide: “gloves” — café, 拳击, 🥊',
      lone: '\ud83e',
      settled: settle({ s: 'é' }),
    };
    const out = serialize(value);
    expect(out).toMatch(/^[\x20-\x7e]*$/);
    expect(out).toContain('Buyer\\u2019s guide');
    expect(out).toContain('\\ud83e\\udd4a');
    expect(JSON.parse(out)).toEqual(value);
    expect(new Function(`return ${out}`)()).toEqual(value);
  },
);

/** What the page's script held before settled content was kept: JSON.stringify, escaped. */
const reference = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

test('the payload’s text is serializeForScript’s, with settled content inside or around it', () => {
  const article = settle({ title: 'Jab </script> & cross', body: [{ type: 'p', text: 'a\u2028b' }], n: 3 });
  const card = settle({ uuid: 'u1', title: '“Hooks”', cover: null });
  const nullProto = Object.assign(Object.create(null) as object, { k: 'v' });
  const value = {
    status: 200,
    loaderData: {
      root: {
        site: { name: 'Roundhouse', draft: false, at: new Date(Date.UTC(2026, 10, 29)) },
        nav: [card, card],
      },
      article: { article, related: [card, undefined, () => 1, Symbol('s'), { kept: true, uuid: 'u2' }] },
      skipped: undefined,
      fn: () => 1,
    },
    errors: null,
    nested: [article, [card], nullProto, { toJSON: () => ({ replaced: '<b>' }) }, -0, 1e21, 'é😀'],
    '<key>': 'x',
  };
  const out = serializePayload(value);
  expect(out).toBe(reference(value));
  // Asked again, settled parts come from what was kept: the same text.
  expect(serializePayload(value)).toBe(out);
  expect(serializePayload(article)).toBe(reference(article));
  expect(serializePayload([card])).toBe(reference([card]));
});

test('a settled object is serialized once: its text is kept with it', () => {
  const article = settle({ title: 'First' });
  const page = { article, related: [{ title: 'Card' }] };
  expect(serializePayload(page)).toBe('{"article":{"title":"First"},"related":[{"title":"Card"}]}');
  // Settled content is never changed in place (an edit is a new object); changed anyway, the kept
  // text shows it was not serialized again, while the request's own objects are.
  (article as { title: string }).title = 'Changed';
  page.related[0]!.title = 'Other';
  expect(serializePayload(page)).toBe('{"article":{"title":"First"},"related":[{"title":"Other"}]}');
  // An edit is a new object, and reads as such.
  expect(serializePayload({ ...page, article: settle({ title: 'Edited' }) })).toContain('"Edited"');
});
