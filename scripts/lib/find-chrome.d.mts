// Types of find-chrome.mjs for the TypeScript modules that import it (the scripts are plain ESM).

/** The path of the Chromium to launch. */
export function findChrome(): Promise<string>;
