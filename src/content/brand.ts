/** The brand name, in one place (used for brand-neutral defaults such as image alt text). */
export const BRAND_NAME = 'Roundhouse';
