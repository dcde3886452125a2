/**
 * Reads a `[[table]]` block of netlify.toml for the netlify dev and build tests. The blocks they read
 * hold strings and arrays of strings only, which are JSON as TOML writes them.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export type EdgeDeclaration = { function: string; path: string; excludedPath: string[]; cache: string };

const root = path.resolve(import.meta.dirname, '../..');

/** The first block under `header` (e.g. `[[edge_functions]]`), or null when netlify.toml has none. */
export async function netlifyTomlBlock(header: string): Promise<Record<string, unknown> | null> {
  const lines = (await readFile(path.join(root, 'netlify.toml'), 'utf8')).split('\n');
  const start = lines.findIndex((line) => line.trim() === header);
  if (start === -1) return null;
  const block: Record<string, unknown> = {};
  for (const line of lines.slice(start + 1)) {
    if (/^\s*\[/.test(line)) break;
    const match = line.match(/^\s*([A-Za-z_]+)\s*=\s*(.+)$/);
    if (match) block[match[1]!] = JSON.parse(match[2]!);
  }
  return block;
}
