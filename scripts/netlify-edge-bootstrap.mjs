/* global Deno */
/**
 * The edge runtime's bootstrap under `netlify dev` (NETLIFY_EDGE_BOOTSTRAP in .env.netlify-dev): the
 * one Netlify ships in @netlify/edge-functions-dev (a dependency of netlify-cli's @netlify/dev), so
 * the CLI's Deno isolate imports no bootstrap from edge.netlify.com when it starts.
 *
 * One addition: the isolate ends with the CLI. Its graceful shutdown on Ctrl-C waits for the CLI
 * proxy's keep-alive connections, which never close, and a CLI stopped by a signal of its own leaves
 * it running with no parent; either way the isolate outlived `netlify dev`. It now leaves a second
 * after SIGINT or SIGTERM, and as soon as its parent is gone.
 */
export * from '../node_modules/@netlify/edge-functions-dev/dist/deno/bootstrap.mjs';

const parent = Deno.ppid;
Deno.unrefTimer(setInterval(() => Deno.ppid !== parent && Deno.exit(0), 1000));
for (const signal of ['SIGINT', 'SIGTERM']) {
  Deno.addSignalListener(signal, () => Deno.unrefTimer(setTimeout(() => Deno.exit(0), 1000)));
}
