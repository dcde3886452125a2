import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

const run = promisify(execFile);
const script = path.resolve(import.meta.dirname, '../../../scripts/lighthouse.mjs');

/** The script's exit code and what it printed, for options it refuses before starting anything. */
async function refused(...args: string[]) {
  try {
    await run(process.execPath, [script, ...args], { timeout: 60_000 });
    return { code: 0, stderr: '' };
  } catch (error) {
    const { code, stderr } = error as { code: number; stderr: string };
    return { code, stderr };
  }
}

test.each([
  [['--against', 'not a url'], '--against:'],
  [['--against', 'ftp://127.0.0.1:21'], '--against:'],
  [['--runs', '0'], '--runs:'],
  [['--pages', 'home,nowhere'], '--pages:'],
  [['--compare', 'http://127.0.0.1:1'], 'Unknown option'],
])('a bad option (%j) exits 2 and names it, before any server or browser starts', async (args, named) => {
  const { code, stderr } = await refused(...args);
  expect(code).toBe(2);
  expect(stderr).toContain(named);
});
