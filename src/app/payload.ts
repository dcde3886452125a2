/**
 * Route errors on the wire: serialized by the server into the payload (src/shared/payload.ts has
 * its shape) and revived on the client into what the router holds after a loader threw.
 */
import { isRouteErrorResponse, UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router';

import type { RoutePayload, SerializedRouteError } from '../shared/payload.ts';

export type { SerializedRouteError };

/**
 * Live editing's copy of a page's payload, by `pathname + search`: preview mode (src/app/preview)
 * puts the Visual Editor's unsaved version here and revalidates; the payload loader takes it once.
 */
export const livePayloads = new Map<string, RoutePayload>();

/** Generic message for unexpected failures: internals never reach the page. */
export const GENERIC_ERROR_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

/** Turn any thrown value into its wire form. Unexpected errors keep only a generic message. */
export function serializeRouteError(error: unknown): SerializedRouteError {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    const message =
      typeof data === 'string'
        ? data
        : typeof data === 'object' && data !== null && 'message' in data
          ? String(data.message)
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
