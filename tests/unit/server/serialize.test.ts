import { expect, test } from 'vitest';
import { serializeForScript } from '../../../src/server/serialize';

test('a CMS string cannot close the script element or open a comment', () => {
  const out = serializeForScript({ title: '</script><script>alert(1)</script><!--' });
  expect(out).not.toContain('</script');
  expect(out).not.toContain('<!--');
  expect(out).not.toMatch(/[<>]/);
});

test('line and paragraph separators are escaped and the value round-trips', () => {
  const value = { text: 'a\u2028b\u2029c & <d> "e"', n: 1, list: [null, true] };
  const out = serializeForScript(value);
  expect(out).not.toMatch(/[\u2028\u2029&]/);
  expect(JSON.parse(out)).toEqual(value);
  // What the browser evaluates is the same value.
  expect(new Function(`return ${out}`)()).toEqual(value);
});
