// Types of find-chrome.mjs for the TypeScript modules that import it (the scripts are plain ESM).

/** The path of the Chromium to launch. */
export function findChrome(): Promise<string>;

/** Launch flags that keep Chromium quiet on a machine with no network. */
export const QUIET_CHROME_ARGS: readonly string[];
