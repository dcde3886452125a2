/**
 * The global payload (`window.__INITIAL_STATE__`) and the per-route JSON payload share this shape.
 * Route errors cross the wire in a serialized form and are revived on the client.
 */
import { isRouteErrorResponse, UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router';

export const PAYLOAD_GLOBAL = '__INITIAL_STATE__';
/** Client navigations fetch `${PAYLOAD_PREFIX}${pathname}${search}`. */
export const PAYLOAD_PREFIX = '/_payload';

export type Assets = {
  /** The client entry module. */
  entry: string;
  css: string[];
  /** Modules to preload: the entry's static imports and the matched routes' chunks. */
  preload: string[];
};

export type SerializedRouteError =
  | { type: 'response'; status: number; statusText: string; message: string | null }
  | { type: 'error'; message: string };

export type RoutePayload = {
  status: number;
  loaderData: Record<string, unknown>;
  errors: Record<string, SerializedRouteError> | null;
};

export type InitialState = RoutePayload & { assets: Assets };

/** Generic message for unexpected failures: internals never reach the page. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

/** Turn any thrown value into its wire form. Unexpected errors keep only a generic message. */
export function serializeRouteError(error: unknown): SerializedRouteError {
  if (isRouteErrorResponse(error)) {
    const message =
      typeof error.data === 'string'
        ? error.data
        : typeof error.data === 'object' && error.data !== null && 'message' in error.data
          ? String(error.data.message)
          : null;
    return { type: 'response', status: error.status, statusText: error.statusText, message };
  }
  return { type: 'error', message: GENERIC_ERROR_MESSAGE };
}

/** Revive a serialized error into what the router holds after a loader threw it. */
export function reviveRouteError(error: SerializedRouteError): unknown {
  if (error.type === 'response') {
    return new ErrorResponse(
      error.status,
      error.statusText,
      error.message === null ? null : { message: error.message },
    );
  }
  return new Error(error.message);
}
