// Types of react-server-patch.mjs for the TypeScript modules that import it (the scripts are plain ESM).

/** The stream-config functions the edge bundle's React server build takes from src/server/stream-writer.ts. */
export const STREAM_CONFIG: readonly string[];
/** The path of src/server/stream-writer.ts. */
export const STREAM_WRITER: string;
/** Which files the build patches: React's browser server builds. */
export const REACT_SERVER_BROWSER: RegExp;
/** `source`, one of those builds read from `file`, writing through the stream writer; throws if it does not apply. */
export function patchReactServer(source: string, file: string): string;
/** The esbuild plugin that patches them as they load. */
export const serverReactDom: import('esbuild').Plugin;
