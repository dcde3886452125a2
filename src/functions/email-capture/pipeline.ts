/**
 * Durable first, then forward. `accept` writes the sign-up (and its outbox marker) before the
 * function answers 202; `forward` delivers one record under a claim, so no address is delivered
 * twice; `retryDue` is the scheduled job: it retries failed and never-tried records with backoff
 * until delivered, or until they pass the maximum age and stay visible as dead letters.
 */
import { maskEmail, signupId, type SignupRecord } from './record.ts';
import type { EmailProvider } from './provider.ts';
import type { SignupStore } from './store.ts';
import { normaliseEmail, type SignupRequest } from '../../shared/sign-up.ts';
import { messageOf } from '../../shared/errors.ts';

export type RetryPolicy = {
  /** First retry after this long; doubles per attempt. */
  baseMs: number;
  /** Backoff ceiling. */
  maxMs: number;
  /** Past this age (since the latest sign-up) a record is given up: a dead letter. */
  maxAgeMs: number;
};

export const DEFAULT_RETRY: RetryPolicy = {
  baseMs: 60_000,
  maxMs: 60 * 60_000,
  maxAgeMs: 7 * 24 * 60 * 60_000,
};

export type PipelineOptions = {
  store: SignupStore;
  provider: EmailProvider;
  now?: () => number;
  retry?: RetryPolicy;
  /** How long a claim holds a record; longer than the provider's time-out. */
  leaseMs?: number;
  log?: (line: string) => void;
};

export type ForwardOutcome = 'delivered' | 'failed' | 'dead' | 'skipped';

export type RetryReport = { scanned: number } & Record<ForwardOutcome, number>;

export function backoffMs(attempts: number, policy: RetryPolicy, retryAfterMs = 0): number {
  const exponential = policy.baseMs * 2 ** Math.max(0, attempts - 1);
  return Math.max(Math.min(exponential, policy.maxMs), retryAfterMs);
}

// Long by design: accept, deliver, forward and retryDue share one store, provider, clock and running map.
export function createSignupPipeline({
  store,
  provider,
  now = () => Date.now(),
  retry = DEFAULT_RETRY,
  leaseMs = 30_000,
  log = (line) => console.log(line),
}: PipelineOptions) {
  const iso = (ms: number) => new Date(ms).toISOString();
  /** One delivery at a time per record in this process (the claim covers other processes). */
  const running = new Map<string, Promise<ForwardOutcome>>();

  async function accept(request: SignupRequest): Promise<{ id: string; alreadyDelivered: boolean }> {
    const email = normaliseEmail(request.email);
    const id = await signupId(email);
    const at = iso(now());
    const fresh: SignupRecord = {
      id,
      email,
      source: request.source,
      path: request.path,
      consentAt: at,
      createdAt: at,
      updatedAt: at,
      state: 'pending',
      attempts: 0,
      lastError: null,
      nextAttemptAt: at,
      leaseUntil: null,
      deliveredAt: null,
    };
    // The marker first: a record can never exist without the retry job being able to find it. (A
    // repeat sign-up of a delivered address leaves a stale marker, which the job clears.)
    await store.markDue(id);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      // Most sign-ups are new: try to create first, read only when the address is known.
      if (await store.create(fresh)) return { id, alreadyDelivered: false };
      const existing = await store.read(id);
      if (!existing) continue; // Deleted between the two calls: try again.
      const { record, etag } = existing;
      if (record.state === 'delivered') return { id, alreadyDelivered: true };
      if (record.state === 'dead') {
        // A new sign-up is new consent: give a dead letter a fresh start.
        const revived: SignupRecord = {
          ...record,
          source: request.source,
          path: request.path,
          consentAt: at,
          updatedAt: at,
          state: 'pending',
          attempts: 0,
          nextAttemptAt: at,
          leaseUntil: null,
        };
        if (await store.replace(revived, etag)) return { id, alreadyDelivered: false };
        continue;
      }
      return { id, alreadyDelivered: false };
    }
    // Three lost races in a row: the record exists and is being worked on; it is durable either way.
    return { id, alreadyDelivered: false };
  }

  async function deliver(id: string): Promise<ForwardOutcome> {
    const found = await store.read(id);
    if (!found) {
      await store.clearDue(id);
      return 'skipped';
    }
    const { record, etag } = found;
    if (record.state === 'delivered' || record.state === 'dead') {
      await store.clearDue(id);
      return 'skipped';
    }
    const t = now();
    if (record.leaseUntil && Date.parse(record.leaseUntil) > t) return 'skipped';
    if (t - Date.parse(record.consentAt) > retry.maxAgeMs) {
      const dead: SignupRecord = { ...record, state: 'dead', updatedAt: iso(t), leaseUntil: null };
      if (!(await store.replace(dead, etag))) return 'skipped';
      await store.clearDue(id);
      log(`email-capture: ${maskEmail(record.email)} given up after ${record.attempts} attempts (too old)`);
      return 'dead';
    }
    const claimed: SignupRecord = { ...record, leaseUntil: iso(t + leaseMs), updatedAt: iso(t) };
    if (!(await store.replace(claimed, etag))) return 'skipped';

    const result = await provider.subscribe(record);
    const done = now();
    const attempts = record.attempts + 1;
    if (result.ok) {
      await store.write({
        ...claimed,
        state: 'delivered',
        attempts,
        lastError: null,
        leaseUntil: null,
        deliveredAt: iso(done),
        updatedAt: iso(done),
      });
      await store.clearDue(id);
      return 'delivered';
    }
    if (!result.retry) {
      await store.write({
        ...claimed,
        state: 'dead',
        attempts,
        lastError: result.error,
        leaseUntil: null,
        updatedAt: iso(done),
      });
      await store.clearDue(id);
      log(`email-capture: provider refused ${maskEmail(record.email)}: ${result.error}`);
      return 'dead';
    }
    await store.write({
      ...claimed,
      state: 'failed',
      attempts,
      lastError: result.error,
      leaseUntil: null,
      nextAttemptAt: iso(done + backoffMs(attempts, retry, result.retryAfterMs)),
      updatedAt: iso(done),
    });
    return 'failed';
  }

  /** Deliver one record now, unless another worker holds it or it is already done. */
  function forward(id: string): Promise<ForwardOutcome> {
    const previous = running.get(id);
    const next = (previous ?? Promise.resolve('skipped' as ForwardOutcome))
      .catch(() => 'skipped' as const)
      .then(() => deliver(id));
    running.set(id, next);
    void next.finally(() => running.get(id) === next && running.delete(id)).catch(() => {});
    return next;
  }

  /**
   * The scheduled job: every record still due whose next attempt has come. Bounded by a deadline
   * so a long backlog spreads over runs instead of overrunning the function's time limit.
   */
  async function retryDue({ concurrency = 8, deadlineMs = 20_000 } = {}): Promise<RetryReport> {
    const report: RetryReport = { scanned: 0, delivered: 0, failed: 0, dead: 0, skipped: 0 };
    const started = now();
    const ids = await store.due();
    let next = 0;
    const worker = async () => {
      while (next < ids.length && now() - started < deadlineMs) {
        const id = ids[next++]!;
        report.scanned += 1;
        try {
          const found = await store.read(id);
          // Finished records only lose their stale marker; the rest go when their time has come.
          const finished = !found || found.record.state === 'delivered' || found.record.state === 'dead';
          const due = found && Date.parse(found.record.nextAttemptAt) <= now();
          const outcome = finished || due ? await forward(id) : 'skipped';
          report[outcome] += 1;
        } catch (error) {
          report.skipped += 1;
          log(`email-capture: retry of ${id.slice(0, 12)}… failed: ${messageOf(error)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return report;
  }

  return { accept, forward, retryDue };
}

export type SignupPipeline = ReturnType<typeof createSignupPipeline>;
