/** The JavaScript design tokens and src/styles/tokens.css carry the same numbers. */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { ANCHOR_OFFSET_PX, SCREENS } from '../../../src/widgets/tokens';

const css = readFileSync('src/styles/tokens.css', 'utf8');
const px = (name: string) => Number(new RegExp(`--${name}:\\s*(\\d+)px`).exec(css)?.[1]);

test('screen breakpoints agree', () => {
  for (const [name, value] of Object.entries(SCREENS))
    expect([name, px(`screen-${name}`)]).toEqual([name, value]);
});

test('the anchor offset agrees (§2: -60)', () => {
  expect(px('anchor-offset')).toBe(ANCHOR_OFFSET_PX);
});
