/**
 * Ends the current task and resumes in a new one. The browser's start-up work (evaluating the
 * modules, creating the router, hydrating, starting analytics) is split with it into tasks short
 * enough that input and painting get in between: a task over 50 ms on a phone is one a tap waits
 * for (issue 15; Lighthouse counts each such task as blocking time).
 *
 * `scheduler.yield()` where the browser has it: the continuation goes ahead of other queued tasks.
 * Elsewhere a MessageChannel message, which, unlike a timer, background tabs do not throttle.
 */
type YieldingScheduler = { yield?: () => Promise<void> };

export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
