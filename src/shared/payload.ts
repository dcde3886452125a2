/**
 * The payload's shape, shared by the server that writes it and the browser that reads it: the global
 * payload (`window.__INITIAL_STATE__`) and the per-route JSON payload of client navigations. Route
 * errors cross the wire serialized (src/app/payload.ts turns them into router errors). Imports nothing.
 */
export const PAYLOAD_GLOBAL = '__INITIAL_STATE__';
/** Client navigations fetch `${PAYLOAD_PREFIX}${pathname}${search}`. */
export const PAYLOAD_PREFIX = '/_payload';

export type Assets = {
  /** The client entry module. */
  entry: string;
  /** Stylesheets to link (none when the server inlines the sheet: Document's `inlineCss`). */
  css: string[];
  /** Web fonts to preload (woff2). */
  fonts?: string[];
  /** Modules to preload: the entry's static imports and the matched routes' chunks. */
  preload: string[];
  /**
   * The answer's script nonce (its Content-Security-Policy): on the preloads, so the browser may
   * fetch them, and in the payload so hydration renders the same attribute.
   */
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
  assets: Assets;
  /** SITE_NAME, for pages rendered without root data (the error page when the root loader failed). */
  siteName: string;
};
