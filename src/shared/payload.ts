/**
 * The payload's shape, shared by the server that writes it and the browser that reads it: the global
 * payload (`window.__INITIAL_STATE__`) and the per-route JSON payload of client navigations. Route
 * errors cross the wire serialized (src/app/payload.ts turns them into router errors). Imports nothing.
 */
export const PAYLOAD_GLOBAL = '__INITIAL_STATE__';
/** Client navigations fetch `${PAYLOAD_PREFIX}${pathname}${search}`. */
export const PAYLOAD_PREFIX = '/_payload';

/** What the document's <head> links, on server and browser alike (it travels in the payload). */
export type DocumentAssets = {
  /** Stylesheets to link (none when the server inlines the sheet: Document's `inlineCss`). */
  css: string[];
  /** Web fonts to preload (woff2). */
  fonts?: string[];
};

/** A page's assets as the server uses them: the document's, plus what its bootstrap script loads. */
export type Assets = DocumentAssets & {
  /** The client entry module. */
  entry: string;
  /** The entry's static imports (React, the router…): imported one at a time before the entry. */
  entryImports: string[];
  /** Modules to preload: the entry's static imports and the matched routes' chunks. */
  preload: string[];
  /** The answer's script nonce (its Content-Security-Policy): on the preloads the script adds. */
  nonce?: string;
};

export type SerializedRouteError =
  | { type: 'response'; status: number; statusText: string; message: string | null }
  | { type: 'error'; message: string };

export type RoutePayload = {
  status: number;
  loaderData: Record<string, unknown>;
  errors: Record<string, SerializedRouteError> | null;
};

/** A route payload as read off the wire (the shape only; its route data is the server's). */
export function isRoutePayload(value: unknown): value is RoutePayload {
  return typeof value === 'object' && value !== null && 'loaderData' in value && 'status' in value;
}

/** The global payload: the first page's route data, its assets and the configured site name. */
export type InitialState = RoutePayload & {
  /** Only the document's: the entry and the modules to preload are the bootstrap script's arguments. */
  assets: DocumentAssets;
  /** SITE_NAME, for pages rendered without root data (the error page when the root loader failed). */
  siteName: string;
};
