/**
 * The brand's colours outside CSS: the browser chrome (`theme-color`, the web app manifest) and the
 * raster icons (scripts/generate-icons.mjs); the same values as src/styles/tokens.css (a test checks).
 * `ink` is the nav bar, `paper` the page background. Its own module, apart from tokens.ts: the
 * document shell imports it, and an import of tokens.ts would carry every token into the entry chunk.
 */
export const BRAND_COLORS = { ink: '#111214', red: '#e10600', paper: '#ffffff' } as const;
