/**
 * A loopback stand-in for the email-marketing provider: it answers Klaviyo's client subscription
 * endpoint (POST /client/subscriptions?company_id=…, JSON:API body, `revision` header) and records
 * what it accepted, so the local stack signs people up with no account and tests see real HTTP.
 *
 * Faults can be switched on over HTTP (POST /_sink/faults) or from code:
 *   { mode: 'down' | 'rate-limit' | 'timeout' | 'ok', count?: number }  the next `count` calls (or all)
 *   { failEvery: 3 }                                                    every third call answers 503
 * A timed-out call is never recorded: the provider did not process it.
 * GET /_sink/received lists accepted sign-ups; DELETE /_sink/received forgets them.
 */
import { z } from 'zod';

export type SinkFaultMode = 'ok' | 'down' | 'rate-limit' | 'timeout';
export type Received = { email: string; listId: string; companyId: string; source: string; at: string };

const subscriptionBody = z.object({
  data: z.object({
    type: z.literal('subscription'),
    attributes: z.object({
      custom_source: z.string().optional(),
      profile: z.object({
        data: z.object({
          type: z.literal('profile'),
          attributes: z.object({ email: z.string().min(3) }).loose(),
        }),
      }),
    }),
    relationships: z.object({
      list: z.object({ data: z.object({ type: z.literal('list'), id: z.string().min(1) }) }),
    }),
  }),
});

const faultBody = z.union([
  z.object({
    mode: z.enum(['ok', 'down', 'rate-limit', 'timeout']),
    count: z.number().int().min(1).optional(),
  }),
  z.object({ failEvery: z.number().int().min(0) }),
]);

// Long by design: subscribe, setFault and handle share the received list and the fault state.
export function createEmailSink({ prefix = '' }: { prefix?: string } = {}) {
  const received: Received[] = [];
  let mode: SinkFaultMode = 'ok';
  let remaining = Infinity;
  let failEvery = 0;
  let calls = 0;
  const hanging = new Set<() => void>();

  const errors = (status: number, code: string, headers: Record<string, string> = {}) =>
    Response.json({ errors: [{ status, code, detail: code.replace(/_/g, ' ') }] }, { status, headers });

  function currentFault(): SinkFaultMode {
    if (failEvery > 0 && calls % failEvery === 0) return 'down';
    if (mode === 'ok' || remaining <= 0) return 'ok';
    remaining -= 1;
    return mode;
  }

  async function subscribe(request: Request, url: URL): Promise<Response> {
    const companyId = url.searchParams.get('company_id') ?? '';
    if (!companyId) return errors(400, 'missing_company_id');
    if (!request.headers.get('revision')) return errors(400, 'missing_revision');
    const parsed = subscriptionBody.safeParse(await request.json().catch(() => null));
    if (!parsed.success) return errors(400, 'invalid');
    calls += 1;
    switch (currentFault()) {
      case 'down':
        return errors(503, 'service_unavailable');
      case 'rate-limit':
        return errors(429, 'throttled', { 'Retry-After': '1' });
      case 'timeout':
        // Hold the call until the caller gives up (or the sink is reset); record nothing.
        await new Promise<void>((resolve) => {
          const done = () => (hanging.delete(done), resolve());
          hanging.add(done);
          request.signal.addEventListener('abort', done, { once: true });
        });
        return errors(504, 'timeout');
      case 'ok': {
        const { attributes, relationships } = parsed.data.data;
        received.push({
          email: attributes.profile.data.attributes.email,
          listId: relationships.list.data.id,
          companyId,
          source: attributes.custom_source ?? '',
          at: new Date().toISOString(),
        });
        return new Response(null, { status: 202 });
      }
    }
  }

  function setFault(input: z.infer<typeof faultBody>) {
    if ('failEvery' in input) {
      failEvery = input.failEvery;
      calls = 0;
      return;
    }
    mode = input.mode;
    remaining = input.count ?? Infinity;
    if (mode !== 'timeout') for (const release of [...hanging]) release();
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.slice(prefix.length);
    if (path.replace(/\/$/, '') === '/client/subscriptions' && request.method === 'POST') {
      return subscribe(request, url);
    }
    if (path === '/_sink/received') {
      if (request.method === 'DELETE') {
        received.length = 0;
        return new Response(null, { status: 204 });
      }
      return Response.json(received);
    }
    if (path === '/_sink/faults' && request.method === 'POST') {
      const parsed = faultBody.safeParse(await request.json().catch(() => null));
      if (!parsed.success) return errors(400, 'invalid_fault');
      setFault(parsed.data);
      return new Response(null, { status: 204 });
    }
    return errors(404, 'not_found');
  }

  return {
    handle,
    received,
    setFault,
    /** How many times each address was accepted. */
    deliveries(): Map<string, number> {
      const counts = new Map<string, number>();
      for (const r of received) counts.set(r.email, (counts.get(r.email) ?? 0) + 1);
      return counts;
    },
  };
}

export type EmailSink = ReturnType<typeof createEmailSink>;
