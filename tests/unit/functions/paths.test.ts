/** The function table the local server routes by names exactly the functions Netlify deploys. */
import { readdirSync } from 'node:fs';
import { expect, test } from 'vitest';
import { FUNCTION_PATHS, FUNCTIONS_PREFIX } from '../../../src/functions/paths';

test('every netlify/functions/*.mts has its path in the table, and nothing else is in it', () => {
  const deployed = readdirSync('netlify/functions')
    .filter((file) => file.endsWith('.mts'))
    .map((file) => file.replace(/\.mts$/, ''))
    .sort();
  expect(Object.keys(FUNCTION_PATHS).sort()).toEqual(deployed);
  for (const [name, path] of Object.entries(FUNCTION_PATHS)) expect(path).toBe(`${FUNCTIONS_PREFIX}${name}`);
});
