/**
 * `react-router` as the server bundles see it: the package itself, with `Link` replaced by
 * ServerLink (./server-link.tsx). scripts/build.mjs points the edge and local builds' imports of
 * `react-router` here; this module's own import reaches the package.
 */
export * from 'react-router';
export { ServerLink as Link } from './server-link.tsx';
