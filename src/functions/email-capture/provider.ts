/**
 * The email-marketing provider behind a small interface. Production: Klaviyo's client subscription
 * API (POST /client/subscriptions, JSON:API body, dated `revision` header), which subscribes a
 * profile to a list with email-marketing consent and answers 202. Locally the same adapter talks
 * to the loopback sink (src/local/email-sink.ts), so tests exercise real HTTP.
 */
import type { SignupSource } from '../../shared/sign-up.ts';

export type Subscription = { email: string; source: SignupSource; path: string; consentAt: string };

export type Delivery =
  | { ok: true }
  /** `retry`: a passing fault (down, 429, time-out, 5xx); otherwise the provider refused it for good. */
  | { ok: false; retry: boolean; error: string; retryAfterMs?: number };

export type EmailProvider = { subscribe(subscription: Subscription): Promise<Delivery> };

/** The Klaviyo API revision this adapter was written against. */
export const KLAVIYO_REVISION = '2026-07-15';

export type KlaviyoOptions = {
  /** The account's public API key (site id), sent as `company_id`. */
  companyId: string;
  /** The list sign-ups join. */
  listId: string;
  /** https://a.klaviyo.com in production; the local sink's URL in the local stack. */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Shown in Klaviyo as the sign-up's source, with the form's name appended. */
  sourceLabel?: string;
};

export function createKlaviyoProvider({
  companyId,
  listId,
  baseUrl = 'https://a.klaviyo.com',
  timeoutMs = 8000,
  fetch: fetchImpl = fetch,
  sourceLabel = 'Website',
}: KlaviyoOptions): EmailProvider {
  const url = `${baseUrl.replace(/\/+$/, '')}/client/subscriptions?company_id=${encodeURIComponent(companyId)}`;
  return {
    async subscribe({ email, source, path, consentAt }) {
      const body = {
        data: {
          type: 'subscription',
          attributes: {
            custom_source: `${sourceLabel} ${source}`,
            profile: {
              data: {
                type: 'profile',
                attributes: {
                  email,
                  properties: { signup_source: source, signup_path: path, signup_consent_at: consentAt },
                },
              },
            },
          },
          relationships: { list: { data: { type: 'list', id: listId } } },
        },
      };
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/vnd.api+json',
            Accept: 'application/vnd.api+json',
            revision: KLAVIYO_REVISION,
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
        return {
          ok: false,
          retry: true,
          error: timedOut ? `timed out after ${timeoutMs} ms` : 'unreachable',
        };
      }
      const detail = await errorDetail(response);
      if (response.status === 202 || response.ok) return { ok: true };
      if (response.status === 429) {
        const seconds = Number(response.headers.get('Retry-After'));
        return {
          ok: false,
          retry: true,
          error: `429 rate limited${detail}`,
          ...(Number.isFinite(seconds) && seconds > 0 ? { retryAfterMs: seconds * 1000 } : {}),
        };
      }
      const retry = response.status >= 500 || response.status === 408;
      return { ok: false, retry, error: `${response.status}${detail}` };
    },
  };
}

/** The first JSON:API error's detail, if any (never includes the address we sent). */
async function errorDetail(response: Response): Promise<string> {
  if (response.status < 400) {
    await response.body?.cancel();
    return '';
  }
  const body: unknown = await response.json().catch(() => null);
  const first = (body as { errors?: { code?: unknown; detail?: unknown }[] } | null)?.errors?.[0];
  const code = typeof first?.code === 'string' ? first.code : '';
  return code ? ` ${code.slice(0, 80)}` : '';
}
