/**
 * Starts the built local stack (`dist/local/server.mjs`, what `npm start` runs) on a free port in a
 * child process and stops it afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type RunningServer = {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
  /** SIGKILL: the process dies at once, mid-work, as a crashed function would. */
  kill: () => Promise<void>;
};

/**
 * Each server keeps its Blobs (sign-ups) in a fresh temporary directory unless LOCAL_DATA_DIR is
 * given, so servers running side by side in tests never share records.
 */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const root = path.resolve(import.meta.dirname, '../..');
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'dist/local/server.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      QUIET: '1',
      LOCAL_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'roundhouse-data-')),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    child.stdout?.on('data', () => {
      const match = output.match(/running at (http:\/\/localhost:\d+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace('localhost', '127.0.0.1'));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const signal = (name: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(name);
    });
  return {
    url,
    output: () => output,
    stop: () => signal('SIGTERM'),
    kill: () => signal('SIGKILL'),
  };
}
