/**
 * Static files for the local stack: built assets (immutable), public files, and demo images
 * served at the image-service path (`/a/f/{space}/{W}x{H}/{hash}/{file}`).
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.woff': 'font/woff',
  '.ico': 'image/x-icon',
};

/** Serve one file under `rootDir`, refusing anything that escapes it. Null when there is no file. */
export async function serveFile(
  rootDir: string,
  relativePath: string,
  cacheControl: string,
  method = 'GET',
): Promise<Response | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relativePath);
  } catch {
    return null;
  }
  const full = path.resolve(rootDir, `.${path.posix.normalize(`/${decoded}`)}`);
  if (!full.startsWith(path.resolve(rootDir) + path.sep)) return null;
  const info = await stat(full).catch(() => null);
  if (!info?.isFile()) return null;
  const body = method === 'HEAD' ? null : await readFile(full);
  return new Response(body, {
    headers: {
      'Content-Type': TYPES[path.extname(full).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': String(info.size),
      'Cache-Control': cacheControl,
    },
  });
}
