/**
 * Multiplies the demo articles for benchmarks and `DEMO_ARTICLES=N` local runs, and lengthens their
 * bodies for `DEMO_ARTICLE_LENGTH=N` (the bench's page-size series: `--lengths`).
 *
 * Clones are deterministic: clone k (1-based) copies the k-th visible article in round-robin order,
 * gets id 700000000 + k, uuid `5ca1ed00-0000-4000-8000-<k as 12 hex digits>`, slug
 * `<source slug>-copy-<k>`, and dates moved back by k × 17 hours (schedule, first_published_at,
 * published_at, created_at, updated_at stay consistent). Relations, tags, images and body are the
 * source's, so every clone resolves exactly like its source.
 */
import type { WireStory } from '../../content/wire.ts';

const HOUR = 3_600_000;

const isArticle = (story: WireStory) => story.full_slug.startsWith('blogs/');

const hex12 = (n: number) => n.toString(16).padStart(12, '0');

/** "YYYY-MM-DD HH:mm" (UTC), the article schedule format. */
function scheduleOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}

function scheduleMs(story: WireStory): number | null {
  const schedule = story.content.schedule;
  if (typeof schedule !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(schedule)) return null;
  return Date.parse(`${schedule.replace(' ', 'T')}:00Z`);
}

/**
 * Returns `stories` with exactly `articleCount` articles (`blogs/…`): the originals first, then
 * clones; non-article stories are kept unchanged and in place. With `articleCount` below the number
 * of originals, the originals are cut to the first `articleCount` in their given order.
 * Clones are made only from published articles whose schedule is before `now` (so none are hidden).
 */
export function scaleDemoStories(
  stories: WireStory[],
  articleCount: number,
  now: number = Date.now(),
): WireStory[] {
  const target = Math.max(0, Math.floor(articleCount));
  const articles = stories.filter(isArticle);
  if (target <= articles.length) {
    const keep = new Set(articles.slice(0, target));
    return stories.filter((story) => !isArticle(story) || keep.has(story));
  }
  const visible = articles.filter((story) => {
    const at = scheduleMs(story);
    return story.published_at != null && (at === null || at < now);
  });
  const sources = visible.length > 0 ? visible : articles;
  if (sources.length === 0) return stories;

  const clones: WireStory[] = [];
  for (let k = 1; clones.length < target - articles.length; k += 1) {
    const source = sources[(k - 1) % sources.length];
    if (!source) break;
    clones.push(cloneArticle(source, k));
  }
  return [...stories, ...clones];
}

function cloneArticle(source: WireStory, k: number): WireStory {
  const clone = structuredClone(source) as WireStory & Record<string, unknown>;
  const suffix = hex12(k);
  const base = Date.parse(source.first_published_at ?? source.published_at ?? '2025-06-01T08:00:00.000Z');
  const at = (Number.isNaN(base) ? Date.parse('2025-06-01T08:00:00.000Z') : base) - k * 17 * HOUR;
  const iso = new Date(at).toISOString();

  clone.id = 700_000_000 + k;
  clone.uuid = `5ca1ed00-0000-4000-8000-${suffix}`;
  clone.slug = `${source.slug}-copy-${k}`;
  clone.full_slug = `blogs/${clone.slug}`;
  clone.name = `${source.name} (copy ${k})`;
  clone.created_at = new Date(at - 48 * HOUR).toISOString();
  clone.published_at = iso;
  clone.first_published_at = iso;
  clone.updated_at = iso;
  clone.group_id = `5ca1ed01-0000-4000-8000-${suffix}`;

  const content = clone.content;
  content._uid = `5ca1ed02-0000-4000-8000-${suffix}`;
  if (typeof content.title === 'string') content.title = `${content.title} (copy ${k})`;
  content.schedule = scheduleOf(at);
  if (Array.isArray(content.faqs)) {
    content.faqs = content.faqs.map((faq: unknown, i: number) =>
      typeof faq === 'object' && faq !== null
        ? { ...faq, _uid: `5ca1ed03-${i.toString(16).padStart(4, '0')}-4000-8000-${suffix}` }
        : faq,
    );
  }
  return clone;
}

/**
 * Returns `stories` with each article's body (the rich-text document in `content.content`) said
 * `times` times over: the bench's page-size series (`npm run bench -- --lengths 1,2,4`), where
 * everything but the body stays as it was. Each repetition after the first gives every `_uid` in it
 * a `-r<n>` suffix, so the blocks of a body stay distinct; the input is untouched.
 */
export function lengthenDemoArticles(stories: WireStory[], times: number): WireStory[] {
  const repeat = Math.max(1, Math.floor(times));
  if (repeat === 1) return stories;
  return stories.map((story) => {
    const body = story.content.content as { type?: unknown; content?: unknown } | undefined;
    if (!isArticle(story) || body?.type !== 'doc' || !Array.isArray(body.content)) return story;
    const nodes: unknown[] = body.content;
    const content = Array.from({ length: repeat }, (_, n) =>
      n === 0 ? nodes : (withUidSuffix(nodes, `-r${n + 1}`) as unknown[]),
    ).flat();
    return { ...story, content: { ...story.content, content: { ...body, content } } };
  });
}

/** A deep copy of some rich-text nodes with `suffix` after every `_uid`. */
function withUidSuffix(value: unknown, suffix: string): unknown {
  if (Array.isArray(value)) return value.map((item: unknown) => withUidSuffix(item, suffix));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      key === '_uid' && typeof v === 'string' ? `${v}${suffix}` : withUidSuffix(v, suffix),
    ]),
  );
}
