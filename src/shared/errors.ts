/** The one way to turn anything thrown into words for a log line. Imports nothing. */

/** An Error's message (with its cause's, when it has one), or the thrown value as text. */
export function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
}
