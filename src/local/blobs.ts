/**
 * Netlify Blobs for the local stack: `@netlify/blobs`' own local server over a directory, and
 * stores that talk to it exactly as deployed functions talk to Netlify's (strong consistency).
 */
import { randomUUID } from 'node:crypto';
import { getStore, type Store } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';

export type LocalBlobs = {
  store(name: string): Store;
  stop(): Promise<void>;
  /** Outage drills: while down, every Blobs request answers 503, as an unavailable Netlify Blobs would. */
  faults: { down(on: boolean): void };
};

export async function startLocalBlobs(directory: string): Promise<LocalBlobs> {
  const token = randomUUID();
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  let down = false;
  const fetchBlobs: typeof fetch = (input, init) =>
    down
      ? Promise.resolve(new Response('Blobs unavailable (local fault switch)', { status: 503 }))
      : fetch(input, init);
  return {
    store: (name) =>
      getStore({
        name,
        siteID: 'local',
        token,
        edgeURL: url,
        uncachedEdgeURL: url,
        consistency: 'strong',
        fetch: fetchBlobs,
      }),
    stop: () => server.stop(),
    faults: { down: (on) => void (down = on) },
  };
}
