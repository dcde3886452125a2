// @vitest-environment jsdom
import { cleanup, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, expect, test, vi } from 'vitest';
import { loadIslands } from '../../../src/blocks/deferred';
import { ArticleSidebar } from '../../../src/app/layout/article-sidebar';
import { SiteFooter } from '../../../src/app/layout/site-footer';
import { blockContext } from '../widgets/display/helpers';
import { loadBlocks, rendererFor } from '../../../src/blocks/registry';
import { categorySummary, layout, site } from '../app/factories';
import { SIGNUP_PATH as SIGNUP_ENDPOINT } from '../../../src/shared/sign-up';
import {
  SIGNUP_RATE_LIMITED_MESSAGE,
  submitSignup,
  useSignup,
  type SignupOptions,
} from '../../../src/services/sign-up';
import { EMAIL_SUBMIT_FAILED_MESSAGE } from '../../../src/widgets/email-capture/index';

// The footer's and sidebar's sign-up forms are deferred islands: the server and client navigations
// load their code before rendering; so does this test.
beforeAll(() => loadIslands());

afterEach(cleanup);
beforeAll(() => loadBlocks(['email_capture']));

const options: SignupOptions = { source: 'sidebar', path: '/training/jab-basics', honeypot: '' };
const FAILED = { ok: false, errors: [EMAIL_SUBMIT_FAILED_MESSAGE] };

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** A fetch stub answering with `response` (or failing with it when it is an Error). */
function stub(response: Response | Error) {
  return vi.fn<typeof fetch>(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
}

test('posts JSON to the function: the address, source, path, consent and the honeypot', async () => {
  const fetchImpl = stub(json(202, { status: 'accepted' }));
  await submitSignup('Sam@Example.com', { ...options, honeypot: 'Acme' }, fetchImpl);
  expect(fetchImpl).toHaveBeenCalledOnce();
  const [url, init] = fetchImpl.mock.calls[0] ?? [];
  expect(url).toBe('/.netlify/functions/email-capture');
  expect(SIGNUP_ENDPOINT).toBe(url);
  expect(init?.method).toBe('POST');
  expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  expect(JSON.parse(String(init?.body))).toEqual({
    email: 'Sam@Example.com',
    source: 'sidebar',
    path: '/training/jab-basics',
    consent: true,
    company: 'Acme',
  });
  expect(init?.signal).toBeInstanceOf(AbortSignal);
});

test('202 → ok', async () => {
  expect(await submitSignup('a@b.co', options, stub(json(202, { status: 'accepted' })))).toEqual({
    ok: true,
  });
});

test("400 → the function's messages, in order (the widget shows the first)", async () => {
  const body = {
    errors: [
      { field: 'email', message: 'invalid email' },
      { field: 'source', message: 'source must be one of footer, sidebar, block' },
      { field: 'path', message: 'path must be a site path' },
    ],
  };
  expect(await submitSignup('a@b.co', options, stub(json(400, body)))).toEqual({
    ok: false,
    errors: ['invalid email', 'source must be one of footer, sidebar, block', 'path must be a site path'],
  });
});

test.each([
  ['no errors array', { message: 'nope' }],
  ['an empty errors array', { errors: [] }],
  [
    'errors without messages',
    { errors: [{ field: 'email' }, 'text', null, { message: 3 }, { message: ' ' }] },
  ],
  ['not an object', 'bad request'],
])('400 with %s → the generic message', async (_, body) => {
  expect(await submitSignup('a@b.co', options, stub(json(400, body)))).toEqual(FAILED);
});

test('400 keeps usable messages and skips malformed entries', async () => {
  const body = { errors: [{ field: 'x' }, { field: 'email', message: 'invalid email' }, 7] };
  expect(await submitSignup('a@b.co', options, stub(json(400, body)))).toEqual({
    ok: false,
    errors: ['invalid email'],
  });
});

test('400 whose body is not JSON → the generic message', async () => {
  const response = new Response('<html>Bad Request</html>', { status: 400 });
  expect(await submitSignup('a@b.co', options, stub(response))).toEqual(FAILED);
});

test('429 → try again in a minute', async () => {
  const response = json(429, { errors: [{ field: 'body', message: 'too many' }] }, { 'Retry-After': '42' });
  expect(await submitSignup('a@b.co', options, stub(response))).toEqual({
    ok: false,
    errors: [SIGNUP_RATE_LIMITED_MESSAGE],
  });
  expect(SIGNUP_RATE_LIMITED_MESSAGE).toBe('Too many attempts. Please try again in a minute.');
});

test.each([503, 500, 413, 415, 405, 200, 204])('%i → the generic message', async (status) => {
  const body =
    status === 204 ? null : JSON.stringify({ errors: [{ field: 'body', message: 'unavailable' }] });
  expect(await submitSignup('a@b.co', options, stub(new Response(body, { status })))).toEqual(FAILED);
});

test('a network error (or a timeout) → the generic message, never a throw', async () => {
  expect(await submitSignup('a@b.co', options, stub(new TypeError('Failed to fetch')))).toEqual(FAILED);
  const timeout = new DOMException('The operation timed out.', 'TimeoutError');
  expect(await submitSignup('a@b.co', options, stub(timeout))).toEqual(FAILED);
});

test("useSignup posts from the current page's path with its source", async () => {
  const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(202, { status: 'accepted' }));
  try {
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(MemoryRouter, { initialEntries: ['/nutrition/fuel-before-training?page=2'] }, children);
    const { result } = renderHook(() => useSignup('footer'), { wrapper });
    expect(await result.current('sam@example.com', { honeypot: '' })).toEqual({ ok: true });
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe(SIGNUP_ENDPOINT);
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'sam@example.com',
      source: 'footer',
      path: '/nutrition/fuel-before-training',
      consent: true,
      company: '',
    });
  } finally {
    fetchSpy.mockRestore();
  }
});

test('the footer, the article sidebar and the email_capture block each sign up with their own source', async () => {
  const fetchSpy = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () => json(202, { status: 'accepted' }));
  try {
    const block = rendererFor('email_capture')?.(
      { headline: 'Get the plan', text: '', cta: 'Send me the plan', icon_size: 'default' },
      blockContext(),
      'uid-email',
    );
    render(
      createElement(
        MemoryRouter,
        { initialEntries: ['/training/the-perfect-jab'] },
        block,
        createElement(ArticleSidebar, { category: categorySummary('training'), articles: [], topics: [] }),
        createElement(SiteFooter, { site: site(), layout: layout(), categories: [] }),
      ),
    );
    // Three forms on one page: distinct names, no id used twice.
    const ids = [...document.querySelectorAll('[id]')].map((el) => el.id);
    expect(new Set(ids).size).toBe(ids.length);
    const forms: [string, string, string][] = [
      ['Get the plan', 'Send me the plan', 'block'],
      ['Never miss a round', 'Subscribe', 'sidebar'],
      ['Get a round in your inbox', 'Subscribe', 'footer'],
    ];
    for (const [name, cta, source] of forms) {
      const region = screen.getByRole('region', { name });
      fireEvent.change(within(region).getByRole('textbox', { name: 'Email address' }), {
        target: { value: `${source}@example.com` },
      });
      fireEvent.click(within(region).getByRole('button', { name: cta }));
      await within(region).findByText('Thanks for signing up!');
      const [, init] = fetchSpy.mock.calls.at(-1) ?? [];
      expect(JSON.parse(String(init?.body))).toEqual({
        email: `${source}@example.com`,
        source,
        path: '/training/the-perfect-jab',
        consent: true,
        company: '',
      });
    }
    expect(fetchSpy).toHaveBeenCalledTimes(3);
  } finally {
    fetchSpy.mockRestore();
  }
});
