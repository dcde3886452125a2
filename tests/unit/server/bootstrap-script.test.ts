// @vitest-environment jsdom
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { startAfterFirstPaint } from '../../../src/server/render.server';

const MODULES = Array.from({ length: 12 }, (_, i) => `/assets/chunks/m${i}.js`);
const ALL_PRELOADED = MODULES.map((m) => `modulepreload ${m}`);

type PaintCallback = (list: { getEntriesByName: (name: string) => object[] }) => void;

/** A paint timeline the test drives: `paint(name)` reports an entry to the observers watching. */
class FakePaintObserver {
  static supportedEntryTypes = ['element', 'largest-contentful-paint', 'paint', 'resource'];
  static instances: FakePaintObserver[] = [];
  observed: unknown[] = [];
  disconnected = false;
  constructor(private readonly callback: PaintCallback) {
    FakePaintObserver.instances.push(this);
  }
  observe(options: unknown) {
    this.observed.push(options);
  }
  disconnect() {
    this.disconnected = true;
  }
  static paint(name: string) {
    for (const observer of FakePaintObserver.instances.filter((o) => !o.disconnected))
      observer.callback({ getEntriesByName: (n) => (n === name ? [{ name, startTime: 100 }] : []) });
  }
}

let visibility: DocumentVisibilityState;
let log: string[];
const linkCount = () => document.head.querySelectorAll('link').length;
const links = () =>
  [...document.head.querySelectorAll('link')].map((l) => `${l.rel} ${l.getAttribute('href')}`);

beforeEach(() => {
  log = [];
  visibility = 'visible';
  FakePaintObserver.instances = [];
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  vi.stubGlobal('PerformanceObserver', FakePaintObserver);
  // Animation frames, when a test reaches them, are logged and run as a task.
  vi.stubGlobal('requestAnimationFrame', (cb: () => void) => {
    log.push('frame');
    return setTimeout(cb, 0);
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.head.replaceChildren();
  Reflect.deleteProperty(document, 'visibilityState');
});

/**
 * Runs the page's bootstrap script with each clock reading `msPerReading` later than the last (a
 * slow or a fast machine). Logs each time it lets the browser in (a message to itself) with how
 * many links were in <head>, and each import; resolves `imported` when it imports the entry. The
 * entry's imports (`entryImports`) load, or fail when named in `failing`, a task after they are
 * asked for.
 */
function runBootstrap(msPerReading = 0.01, entryImports: string[] = [], failing: string[] = []) {
  let now = 0;
  vi.stubGlobal('performance', { now: () => (now += msPerReading) });
  class RecordingChannel extends MessageChannel {
    constructor() {
      super();
      const post = this.port2.postMessage.bind(this.port2);
      this.port2.postMessage = (message: unknown) => {
        log.push(`yield after ${linkCount()}`);
        post(message);
      };
    }
  }
  vi.stubGlobal('MessageChannel', RecordingChannel);
  const imported = new Promise<void>((resolve) => {
    vi.stubGlobal('__importEntry', (url: string) => {
      log.push(`import ${url} after ${linkCount()}`);
      resolve();
    });
  });
  vi.stubGlobal('__importModule', (url: string) => {
    log.push(`import ${url}`);
    return new Promise((resolve, reject) =>
      setTimeout(() => (failing.includes(url) ? reject(new Error(`${url} failed`)) : resolve({})), 0),
    );
  });
  // A test cannot catch the script's own import(); the stand-ins record it instead.
  const script = startAfterFirstPaint('/assets/entry.js', MODULES, entryImports)
    .replace('import(e)', '__importEntry(e)')
    .replace('import(f[j++])', '__importModule(f[j++])');
  expect(script).toContain('__importEntry(e)');
  expect(script).toContain('__importModule(f[j++])');
  new Function(script)();
  return imported;
}

/** Lets queued tasks run (messages and zero-delay timers). */
const tasks = () => new Promise((resolve) => setTimeout(resolve, 20));

test('waits for the first contentful paint to be on screen, then preloads every module and imports the entry', async () => {
  const imported = runBootstrap();
  expect(FakePaintObserver.instances).toHaveLength(1);
  // Buffered: an entry reported before the script ran counts too.
  expect(FakePaintObserver.instances[0]!.observed).toEqual([{ type: 'paint', buffered: true }]);
  await tasks();
  expect(links()).toEqual([]);
  // The first paint (a background, no text or image yet) is not the one it waits for.
  FakePaintObserver.paint('first-paint');
  await tasks();
  expect(links()).toEqual([]);
  expect(log).toEqual([]);

  FakePaintObserver.paint('first-contentful-paint');
  await imported;
  expect(links()).toEqual(ALL_PRELOADED);
  expect(log).toEqual(['import /assets/entry.js after 12']);
  expect(FakePaintObserver.instances[0]!.disconnected).toBe(true);
});

test('on a slow machine the bootstrap adds the modulepreloads over several tasks, then imports the entry', async () => {
  // Each clock reading is 3 ms after the last: a task has used 6 ms after its second link and stops.
  const imported = runBootstrap(3);
  FakePaintObserver.paint('first-contentful-paint');
  await imported;
  expect(links()).toEqual(ALL_PRELOADED);
  expect(log).toEqual([
    ...[2, 4, 6, 8, 10].map((n) => `yield after ${n}`),
    'import /assets/entry.js after 12',
  ]);
});

test('on a fast machine every modulepreload goes in at once and the entry is imported in the same task', async () => {
  const imported = runBootstrap(0.01);
  FakePaintObserver.paint('first-contentful-paint');
  await imported;
  expect(links()).toEqual(ALL_PRELOADED);
  expect(log).toEqual(['import /assets/entry.js after 12']);
});

test("the entry's imports are imported first, one a task, each once the last has loaded", async () => {
  const first = ['/assets/chunks/runtime.js', '/assets/chunks/vendor.js', '/assets/chunks/tokens.js'];
  const imported = runBootstrap(0.01, first);
  FakePaintObserver.paint('first-contentful-paint');
  await imported;
  expect(links()).toEqual(ALL_PRELOADED);
  expect(log).toEqual([
    'import /assets/chunks/runtime.js',
    'yield after 12',
    'import /assets/chunks/vendor.js',
    'yield after 12',
    'import /assets/chunks/tokens.js',
    'yield after 12',
    'import /assets/entry.js after 12',
  ]);
});

test("an entry's import that fails does not stop the others nor the entry's import", async () => {
  const first = ['/assets/chunks/vendor.js', '/assets/chunks/tokens.js'];
  const imported = runBootstrap(0.01, first, ['/assets/chunks/vendor.js']);
  FakePaintObserver.paint('first-contentful-paint');
  await imported;
  expect(log).toEqual([
    'import /assets/chunks/vendor.js',
    'yield after 12',
    'import /assets/chunks/tokens.js',
    'yield after 12',
    'import /assets/entry.js after 12',
  ]);
});

test('a hidden tab, which does not paint, starts at once', async () => {
  visibility = 'hidden';
  const imported = runBootstrap();
  expect(links()).toEqual(ALL_PRELOADED);
  await imported;
  expect(FakePaintObserver.instances).toEqual([]);
});

test('a tab hidden before its first paint starts then, and only once', async () => {
  const imported = runBootstrap();
  await tasks();
  expect(links()).toEqual([]);
  visibility = 'hidden';
  document.dispatchEvent(new Event('visibilitychange'));
  await imported;
  expect(links()).toEqual(ALL_PRELOADED);
  // The paint that comes when the tab is shown again starts nothing more.
  visibility = 'visible';
  document.dispatchEvent(new Event('visibilitychange'));
  FakePaintObserver.paint('first-contentful-paint');
  await tasks();
  expect(log).toEqual(['import /assets/entry.js after 12']);
  expect(links()).toEqual(ALL_PRELOADED);
});

test('with no contentful paint reported within 3 seconds it starts anyway, and the paint then starts nothing more', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const imported = runBootstrap();
  vi.advanceTimersByTime(2999);
  expect(links()).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(links()).toEqual(ALL_PRELOADED);
  await imported;
  vi.useRealTimers();
  FakePaintObserver.paint('first-contentful-paint');
  await tasks();
  expect(log).toEqual(['import /assets/entry.js after 12']);
});

test('the paint clears the 3-second fallback', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const imported = runBootstrap();
  FakePaintObserver.paint('first-contentful-paint');
  await imported;
  expect(vi.getTimerCount()).toBe(0);
});

test('a browser without paint timing starts two animation frames and a task after the script', async () => {
  vi.stubGlobal('PerformanceObserver', undefined);
  const imported = runBootstrap();
  expect(links()).toEqual([]);
  await imported;
  expect(links()).toEqual(ALL_PRELOADED);
  expect(log).toEqual(['frame', 'frame', 'import /assets/entry.js after 12']);
});

test('a browser whose paint timeline has no paint entries takes the animation-frame path too', async () => {
  vi.stubGlobal(
    'PerformanceObserver',
    class extends FakePaintObserver {
      static override supportedEntryTypes = ['mark', 'measure', 'resource'];
    },
  );
  const imported = runBootstrap();
  await imported;
  expect(FakePaintObserver.instances).toEqual([]);
  expect(log).toEqual(['frame', 'frame', 'import /assets/entry.js after 12']);
});
