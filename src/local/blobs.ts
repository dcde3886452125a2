/**
 * Netlify Blobs for the local stack: `@netlify/blobs`' own local server over a directory, and
 * stores that talk to it exactly as deployed functions talk to Netlify's (strong consistency).
 */
import { randomUUID } from 'node:crypto';
import { getStore, type Store } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';

export async function startLocalBlobs(
  directory: string,
): Promise<{ store(name: string): Store; stop(): Promise<void> }> {
  const token = randomUUID();
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  return {
    store: (name) =>
      getStore({ name, siteID: 'local', token, edgeURL: url, uncachedEdgeURL: url, consistency: 'strong' }),
    stop: () => server.stop(),
  };
}
