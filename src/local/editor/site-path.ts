/**
 * Where the site shows a story: the rule lives in the content layer (src/content/page-path.ts),
 * where the content webhook uses it too; the local editor imports it from there. This name stays
 * for the test that checks the rule against the site's own content layer for every demo story.
 */
export { pagePath as sitePath, type StoryLookup } from '../../content/page-path.ts';
