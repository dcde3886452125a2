/**
 * What the measuring scripts share: numeric `--name value` options and the built local server
 * (`dist/local/server.mjs`) on a free port, in a child process.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

/** `--name N` from the command line, or the fallback. */
export function numberArg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

/** Start the built local server with extra environment; `stop()` resolves once it has exited. */
export async function startLocalServer(env = {}) {
  const child = spawn(process.execPath, ['dist/local/server.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: '0', QUIET: '1', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/running at (http:\/\/localhost:\d+)/);
      if (m) resolve(m[1].replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
  return {
    url,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}
