/**
 * The one part of jsdom's API the tests use (jsdom ships no types, and @types/jsdom would be a
 * dependency for one constructor): parse an HTML string into a window with a document.
 */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
