/**
 * The long fuzz run: the fuzz suite (tests/e2e/fuzz.test.ts) against the built local server with
 * `--runs N` inputs per target (default 3000). `npm test` runs the same suite with 150 per target.
 */
import { spawnSync } from 'node:child_process';
import { numberArg, root } from './lib/local-server.mjs';

const runs = numberArg('runs', 3000);
const vitest = spawnSync(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', '--project', 'e2e', 'tests/e2e/fuzz.test.ts'],
  { cwd: root, stdio: 'inherit', env: { ...process.env, FUZZ_RUNS: String(runs) } },
);
process.exit(vitest.status ?? 1);
