/**
 * The brand's colours outside CSS: the browser chrome (`theme-color` in the server's head, the web
 * app manifest) and the raster icons (scripts/generate-icons.mjs); the same values as
 * src/styles/tokens.css (a test checks). `ink` is the nav bar, `paper` the page background. Apart
 * from tokens.ts, which holds the widgets' numbers: nothing here is a widget's.
 */
export const BRAND_COLORS = { ink: '#111214', red: '#e10600', paper: '#ffffff' } as const;
