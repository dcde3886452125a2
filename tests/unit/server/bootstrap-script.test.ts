// @vitest-environment jsdom
import { afterEach, expect, test, vi } from 'vitest';
import { startAfterFirstPaint } from '../../../src/server/render.server';

const MODULES = Array.from({ length: 12 }, (_, i) => `/assets/chunks/m${i}.js`);

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.replaceChildren();
});

/**
 * Runs the page's bootstrap script with each clock reading `msPerReading` later than the last (a
 * slow or a fast machine). Returns how many links were in <head> each time it let the browser in (a
 * message to itself) and when it imported the entry, and the links it added.
 */
async function runBootstrap(msPerReading: number) {
  const log: string[] = [];
  const count = () => document.head.querySelectorAll('link').length;
  let now = 0;
  vi.stubGlobal('performance', { now: () => (now += msPerReading) });
  vi.stubGlobal('requestAnimationFrame', (cb: () => void) => setTimeout(cb, 0));
  class RecordingChannel extends MessageChannel {
    constructor() {
      super();
      const post = this.port2.postMessage.bind(this.port2);
      this.port2.postMessage = (message: unknown) => {
        log.push(`yield after ${count()}`);
        post(message);
      };
    }
  }
  vi.stubGlobal('MessageChannel', RecordingChannel);
  const imported = new Promise<void>((resolve) => {
    vi.stubGlobal('__importEntry', (url: string) => {
      log.push(`import ${url} after ${count()}`);
      resolve();
    });
  });
  // A test cannot catch the script's own import(); the stand-in records it instead.
  const script = startAfterFirstPaint('/assets/entry.js', MODULES).replace('import(e)', '__importEntry(e)');
  expect(script).toContain('__importEntry(e)');
  new Function(script)();
  await imported;
  const links = [...document.head.querySelectorAll('link')].map((l) => `${l.rel} ${l.getAttribute('href')}`);
  return { log, links };
}

const ALL_PRELOADED = MODULES.map((m) => `modulepreload ${m}`);

test('on a slow machine the bootstrap adds the modulepreloads over several tasks, then imports the entry', async () => {
  // Each clock reading is 3 ms after the last: a task has used 6 ms after its second link and stops.
  const { log, links } = await runBootstrap(3);
  expect(links).toEqual(ALL_PRELOADED);
  expect(log).toEqual([
    ...[2, 4, 6, 8, 10].map((n) => `yield after ${n}`),
    'import /assets/entry.js after 12',
  ]);
});

test('on a fast machine every modulepreload goes in at once and the entry is imported in the same task', async () => {
  const { log, links } = await runBootstrap(0.01);
  expect(links).toEqual(ALL_PRELOADED);
  expect(log).toEqual(['import /assets/entry.js after 12']);
});
