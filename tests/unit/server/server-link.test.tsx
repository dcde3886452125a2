/**
 * The server's Link (src/server/router/server-link.tsx) must render exactly what React Router's
 * Link renders, or the browser's Link would hydrate a different `<a>`: every case below is
 * rendered by both inside a static router (as the edge renders pages) and compared as HTML.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  Link as RouterLink,
  StaticRouterProvider,
  type LinkProps,
} from 'react-router';
import { describe, expect, it } from 'vitest';
import { plainHref, ServerLink } from '../../../src/server/router/server-link.tsx';

async function renderAt(url: string, element: ReactNode, basename?: string): Promise<string> {
  const routes = [{ path: '*', element }];
  const handler = createStaticHandler(routes, basename ? { basename } : undefined);
  const context = await handler.query(new Request(`https://example.test${url}`));
  if (context instanceof Response) throw new Error('unexpected redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const cases: Array<[string, LinkProps]> = [
  ['root', { to: '/' }],
  ['article path', { to: '/training/how-to-throw-a-jab' }],
  ['with class and aria', { to: '/c/training', className: 'chip', 'aria-label': 'Training' }],
  ['with children', { to: '/author/jo', children: 'Jo Whitaker' }],
  ['object with hash', { to: { pathname: '/training/jab', hash: '#drills' } }],
  ['object with bare #', { to: { pathname: '/training/jab', hash: '#' } }],
  ['object with query', { to: { pathname: '/training', search: '?page=2' } }],
  ['string with query and hash', { to: '/training?page=2#top' }],
  ['relative', { to: 'jab' }],
  ['dot segments', { to: '/training/../wellness' }],
  ['double slash', { to: '/training//jab' }],
  ['trailing slash', { to: '/training/' }],
  ['same-page hash', { to: { pathname: '', hash: '#drills' } }],
  ['absolute URL', { to: 'https://example.com/x' }],
  ['protocol-relative', { to: '//example.com/x' }],
  ['target and rel', { to: '/sitemap', target: '_blank', rel: 'noopener' }],
  ['discover none', { to: '/t/technique', discover: 'none' }],
  ['prefetch intent', { to: '/t/technique', prefetch: 'intent' }],
  ['reloadDocument', { to: '/t/technique', reloadDocument: true }],
  ['encoded segment', { to: '/author/jos%C3%A9' }],
];

describe('ServerLink renders what the router Link renders', () => {
  it.each(cases)('%s', async (_name, props) => {
    for (const at of ['/', '/training/how-to-throw-a-jab']) {
      const ours = await renderAt(at, <ServerLink {...props} />);
      const theirs = await renderAt(at, <RouterLink {...props} />);
      expect(ours).toBe(theirs);
      expect(ours).toMatch(/^<a /);
    }
  });

  it('under another basename, still the same markup', async () => {
    const props = { to: '/training' };
    expect(await renderAt('/blog/x', <ServerLink {...props} />, '/blog')).toBe(
      await renderAt('/blog/x', <RouterLink {...props} />, '/blog'),
    );
  });
});

describe('plainHref (the fast path)', () => {
  it('takes clean absolute paths and hashes as they are', () => {
    expect(plainHref('/')).toBe('/');
    expect(plainHref('/training/how-to-throw-a-jab')).toBe('/training/how-to-throw-a-jab');
    expect(plainHref({ pathname: '/training/jab', hash: '#drills' })).toBe('/training/jab#drills');
  });

  it('leaves everything the router must resolve to the router', () => {
    for (const to of [
      'jab',
      '/a/../b',
      '/a/./b',
      '/a//b',
      '/a/',
      '//host/x',
      'https://x.test/',
      '/a?b=1',
      '/a#b',
    ])
      expect(plainHref(to)).toBeNull();
    expect(plainHref({ pathname: '', hash: '#x' })).toBeNull();
    expect(plainHref({ pathname: '/a', search: '?b=1' })).toBeNull();
  });
});
