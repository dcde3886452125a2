import { statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  articleStorySchema,
  authorStorySchema,
  categoryStorySchema,
  globalStorySchema,
  pageStorySchema,
  topicStorySchema,
  type WireStory,
} from '../../../src/content/wire';
import { demoAssetPath, loadDemoStories, resolveDemoDir } from '../../../src/local/demo';
import { SOCIAL_NAMES } from '../../../src/content/types';
import { lengthenDemoArticles, scaleDemoStories } from '../../../src/local/demo/scale';

const CATEGORY_SLUGS = ['for-members', 'wellness', 'training', 'boxing-equipment', 'fight-news'];
const SUPPORTED_SOCIAL: readonly string[] = SOCIAL_NAMES;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** B.6: the CDN story object's required fields. */
const B6_FIELDS = [
  'id',
  'name',
  'slug',
  'full_slug',
  'uuid',
  'created_at',
  'updated_at',
  'content',
  'is_startpage',
  'parent_id',
  'group_id',
  'alternates',
  'tag_list',
  'position',
  'published_at',
  'sort_by_date',
  'meta_data',
  'first_published_at',
  'path',
  'translated_slugs',
  'release_id',
  'lang',
  'default_full_slug',
];

let published: WireStory[] = [];
let draft: WireStory[] = [];
const byFolder = (stories: WireStory[], folder: string) =>
  stories.filter((s) => s.full_slug.startsWith(`${folder}/`));
const scheduleMs = (s: WireStory) => Date.parse(`${String(s.content.schedule).replace(' ', 'T')}:00Z`);

type Asset = { id: number; filename: string; alt: string | null; focus: string | null };
function assetsOf(value: unknown, out: Asset[] = []): Asset[] {
  if (Array.isArray(value)) for (const v of value) assetsOf(v, out);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (o.fieldtype === 'asset') out.push(o as unknown as Asset);
    else for (const v of Object.values(o)) assetsOf(v, out);
  }
  return out;
}
type Node = {
  type: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: Node[];
  content?: Node[];
};
function walk(node: Node, visit: (n: Node) => void) {
  visit(node);
  for (const m of node.marks ?? []) visit(m);
  for (const c of node.content ?? []) walk(c, visit);
}

beforeAll(async () => {
  ({ published, draft } = await loadDemoStories());
});

describe('demo stories: schemas and envelope', () => {
  test('every story parses with the wire schema of its folder', () => {
    for (const story of [...published, ...draft]) {
      const folder = story.full_slug === 'global' ? 'global' : story.full_slug.split('/')[0];
      const schema = {
        global: globalStorySchema,
        categories: categoryStorySchema,
        topics: topicStorySchema,
        authors: authorStorySchema,
        blogs: articleStorySchema,
        pages: pageStorySchema,
      }[folder ?? ''];
      expect(schema, story.full_slug).toBeDefined();
      const result = schema!.safeParse(story);
      expect(result.success, `${story.full_slug}: ${result.error?.message}`).toBe(true);
    }
  });

  test('every story carries the B.6 fields with CDN defaults', () => {
    for (const story of [...published, ...draft]) {
      const s = story as Record<string, unknown>;
      for (const field of B6_FIELDS) expect(s, `${story.full_slug}.${field}`).toHaveProperty(field);
      expect(s.lang).toBe('default');
      expect(s.is_startpage).toBe(false);
      expect(s.alternates).toEqual([]);
      expect(s.full_slug).toBe(
        story.full_slug === 'global' ? 'global' : `${story.full_slug.split('/')[0]}/${story.slug}`,
      );
    }
  });

  test('ids, uuids and full slugs are unique; uuids are v4', () => {
    const all = [...published, ...draft.filter((d) => !published.some((p) => p.uuid === d.uuid))];
    expect(new Set(all.map((s) => s.uuid)).size).toBe(all.length);
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
    expect(new Set(all.map((s) => s.full_slug)).size).toBe(all.length);
    for (const s of all) expect(s.uuid).toMatch(UUID_V4);
  });
});

describe('demo stories: content model', () => {
  test('counts: 5 categories, ≥12 topics, ≥6 authors, ≥34 articles, ≥4 per category', () => {
    const categories = byFolder(published, 'categories');
    expect(categories.map((c) => c.slug).sort()).toEqual([...CATEGORY_SLUGS].sort());
    expect(byFolder(published, 'topics').length).toBeGreaterThanOrEqual(12);
    expect(byFolder(published, 'authors').length).toBeGreaterThanOrEqual(6);
    const articles = byFolder(published, 'blogs');
    expect(articles.length).toBeGreaterThanOrEqual(34);
    for (const c of categories) {
      expect(articles.filter((a) => a.content.category === c.uuid).length, c.slug).toBeGreaterThanOrEqual(4);
    }
    expect(
      published
        .filter((s) => s.full_slug.startsWith('pages/'))
        .map((s) => s.slug)
        .sort(),
    ).toEqual(['about', 'home', 'privacy', 'terms']);
  });

  test('category positions give the nav order training, boxing-equipment, wellness, for-members, fight-news', () => {
    const order = byFolder(published, 'categories')
      .sort((a, b) => (b.position ?? 0) - (a.position ?? 0))
      .map((c) => c.slug);
    expect(order).toEqual(['training', 'boxing-equipment', 'wellness', 'for-members', 'fight-news']);
  });

  test('relations point to existing stories of the right kind; article.category equals topic.category', () => {
    const uuids = (folder: string) => new Set(byFolder(published, folder).map((s) => s.uuid));
    const [categories, topics, authors] = [uuids('categories'), uuids('topics'), uuids('authors')];
    const topicCategory = new Map(byFolder(published, 'topics').map((t) => [t.uuid, t.content.category]));
    for (const t of byFolder(published, 'topics'))
      expect(categories.has(String(t.content.category)), t.slug).toBe(true);
    for (const c of byFolder(published, 'categories')) {
      const list = c.content.topics as string[];
      expect(list.length, c.slug).toBeGreaterThan(0);
      for (const t of list) {
        expect(topics.has(t)).toBe(true);
        expect(topicCategory.get(t)).toBe(c.uuid);
      }
    }
    for (const a of [...byFolder(published, 'blogs'), ...byFolder(draft, 'blogs')]) {
      const c = a.content;
      expect(authors.has(String(c.author)), a.slug).toBe(true);
      for (const u of c.contributors as string[]) {
        expect(authors.has(u), a.slug).toBe(true);
        expect(u).not.toBe(c.author);
      }
      expect(topics.has(String(c.topic)), a.slug).toBe(true);
      expect(c.category, a.slug).toBe(topicCategory.get(String(c.topic)));
    }
    expect(
      byFolder(published, 'blogs').filter((a) => (a.content.contributors as string[]).length > 0).length,
    ).toBeGreaterThanOrEqual(5);
  });

  test('articles: schedule matches first_published_at, tags, faqs, descriptions', () => {
    const articles = byFolder(published, 'blogs');
    for (const a of articles) {
      const c = a.content;
      expect(c.schedule, a.slug).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(new Date(scheduleMs(a)).toISOString()).toBe(a.first_published_at);
      expect(a.tag_list.length, a.slug).toBeGreaterThanOrEqual(2);
      expect(a.tag_list.length, a.slug).toBeLessThanOrEqual(4);
      expect(String(c.description).length).toBeGreaterThan(40);
      expect((c.meta_info as { title?: string }).title).toBeTruthy();
    }
    expect(
      articles.filter((a) => (a.content.faqs as unknown[]).length >= 2).length / articles.length,
    ).toBeGreaterThan(0.8);
    const years = new Set(articles.map((a) => String(a.content.schedule).slice(0, 4)));
    expect(years).toEqual(new Set(['2025', '2026', '2027']));
  });

  test('exactly one published article is scheduled in the future', () => {
    const future = byFolder(published, 'blogs').filter((a) => scheduleMs(a) > Date.now());
    expect(future.map((a) => a.slug)).toEqual(['summer-fight-camp-six-week-program']);
    expect(future[0]?.content.schedule).toBe('2027-06-01 09:00');
  });

  test('covers: one article without a cover, some without alt text', () => {
    const articles = byFolder(published, 'blogs');
    expect(articles.filter((a) => a.content.cover_image === null).map((a) => a.slug)).toEqual([
      'roundhouse-community-challenge-results',
    ]);
    const noAlt = articles.filter((a) => {
      const cover = a.content.cover_image as Asset | null;
      return cover !== null && !cover.alt;
    });
    expect(noAlt.length).toBeGreaterThanOrEqual(3);
  });

  test('a title with special characters exercises escaping', () => {
    const story = published.find((s) => s.slug === 'jab-cross-hook-why-the-1-2-3-works');
    expect(story?.content.title).toBe('Jab–Cross–Hook: "Why" the 1‑2‑3 Works <Fast> & Clean');
  });

  test('rich text: 400–900 words, headings, lists, quotes, and internal links that resolve', () => {
    const articles = byFolder(published, 'blogs');
    const paths = new Set<string>(['/']);
    for (const a of articles) {
      if (scheduleMs(a) < Date.now()) {
        const category = byFolder(published, 'categories').find((c) => c.uuid === a.content.category);
        paths.add(`/${category?.slug}/${a.slug}`);
      }
    }
    for (const s of published) {
      if (s.full_slug.startsWith('categories/')) paths.add(`/c/${s.slug}`).add(`/${s.slug}`);
      if (s.full_slug.startsWith('topics/')) paths.add(`/t/${s.slug}`);
      if (s.full_slug.startsWith('authors/')) paths.add(`/author/${s.slug}`);
    }
    let external = 0;
    for (const a of [...articles, ...draft]) {
      const doc = a.content.content as Node;
      expect(doc.type).toBe('doc');
      let words = 0;
      const types = new Set<string>();
      walk(doc, (n) => {
        types.add(n.type);
        if (n.type === 'text') words += String(n.text).split(/\s+/).filter(Boolean).length;
        if (n.type === 'heading') expect([2, 3]).toContain(n.attrs?.level);
        if (n.type === 'link') {
          const href = String(n.attrs?.href);
          if (href.startsWith('/')) {
            expect(paths.has(href), `${a.slug} → ${href}`).toBe(true);
            expect(n.attrs).toMatchObject({ linktype: 'url', target: '_self' });
          } else {
            expect(href).toMatch(/^https:\/\//);
            expect(n.attrs?.target).toBe('_blank');
            external += 1;
          }
        }
      });
      expect(words, a.slug).toBeGreaterThanOrEqual(400);
      expect(words, a.slug).toBeLessThanOrEqual(900);
      expect(types.has('heading') && types.has('paragraph'), a.slug).toBe(true);
      expect(types.has('bullet_list') || types.has('ordered_list'), a.slug).toBe(true);
    }
    expect(external).toBeGreaterThanOrEqual(3);
  });

  test('global: an active red announcement linking to a real article, social links, tagline', () => {
    const global = published.find((s) => s.full_slug === 'global');
    const first = (global?.content.announcement as Record<string, unknown>[])[0];
    expect(first).toMatchObject({ component: 'announcement', active: true, theme: 'red' });
    const link = first?.cta_link as { linktype: string; url: string };
    expect(link.linktype).toBe('url');
    const [, category, slug] = link.url.split('/');
    expect(category).toBe('boxing-equipment');
    const article = published.find((s) => s.full_slug === `blogs/${slug}`);
    expect(article?.content.category).toBe(
      published.find((s) => s.full_slug === 'categories/boxing-equipment')?.uuid,
    );
    const social = global?.content.social_links as { component: string; name: string; url: string }[];
    expect(social.every((s) => s.component === 'social_link' && s.url)).toBe(true);
    expect(social.filter((s) => !SUPPORTED_SOCIAL.includes(s.name)).map((s) => s.name)).toEqual(['myspace']);
    expect(global?.content.tagline).toBeTruthy();
  });

  test('authors: photo, bio, social_link_* keys including empty and unsupported ones', () => {
    const authors = byFolder(published, 'authors');
    const keys = authors.flatMap((a) => Object.keys(a.content).filter((k) => k.startsWith('social_link_')));
    for (const a of authors) {
      expect(a.content.photo).toBeTruthy();
      expect(String(a.content.bio).split('. ').length).toBeGreaterThanOrEqual(2);
      expect(Object.entries(a.content).some(([k, v]) => k.startsWith('social_link_') && v)).toBe(true);
    }
    expect(
      authors.some((a) =>
        Object.entries(a.content).some(([k, v]) => k.startsWith('social_link_') && v === ''),
      ),
    ).toBe(true);
    expect(keys.some((k) => !SUPPORTED_SOCIAL.includes(k.slice('social_link_'.length)))).toBe(true);
  });

  test('drafts: one edited published article and one draft-only article', () => {
    const edited = draft.filter((d) => published.some((p) => p.uuid === d.uuid));
    expect(edited).toHaveLength(1);
    const original = published.find((p) => p.uuid === edited[0]?.uuid);
    expect(edited[0]?.id).toBe(original?.id);
    expect(edited[0]?.full_slug).toBe(original?.full_slug);
    expect(edited[0]?.content.title).not.toBe(original?.content.title);
    const only = draft.filter((d) => !published.some((p) => p.uuid === d.uuid));
    expect(only).toHaveLength(1);
    expect(only[0]?.published_at).toBeNull();
    expect(only[0]?.first_published_at).toBeNull();
  });
});

describe('demo assets', () => {
  test('every asset file exists, its WxH segment is the real size, and it is small', async () => {
    const assets = assetsOf([...published, ...draft]);
    expect(assets.length).toBeGreaterThan(70);
    let total = 0;
    const seen = new Map<string, number>();
    for (const asset of assets) {
      const video = /^\/f\/286000\/\d+x\d+\/[0-9a-f]{8}\/([a-z0-9-]+\.webm)$/.exec(asset.filename);
      if (video) {
        // Demo video clips: present and small enough to commit.
        const file = demoAssetPath(video[1]!);
        expect(file, video[1]).not.toBeNull();
        expect(statSync(file!).size).toBeLessThan(300 * 1024);
        continue;
      }
      const m = /^\/f\/286000\/(\d+)x(\d+)\/[0-9a-f]{8}\/([a-z0-9-]+\.jpg)$/.exec(asset.filename);
      expect(m, asset.filename).not.toBeNull();
      const [, w, h, name] = m!;
      const file = demoAssetPath(name!);
      expect(file, name).not.toBeNull();
      const meta = await sharp(file!).metadata();
      expect(`${meta.width}x${meta.height}`, name).toBe(`${w}x${h}`);
      expect(meta.format).toBe('jpeg');
      if (asset.focus !== null) expect(asset.focus).toMatch(/^\d+x\d+:\d+x\d+$/);
      const size = statSync(file!).size;
      expect(size, name).toBeLessThan(62 * 1024);
      // The same image may be referenced twice (draft edit), but then with the same asset id.
      if (seen.has(name!)) expect(seen.get(name!)).toBe(asset.id);
      else total += size;
      seen.set(name!, asset.id);
    }
    expect(total).toBeLessThan(6 * 1024 * 1024);
  });

  test('demoAssetPath rejects anything but a plain existing file name', () => {
    expect(demoAssetPath('how-to-throw-a-jab.jpg')).toBe(
      path.join(resolveDemoDir(), 'assets', 'how-to-throw-a-jab.jpg'),
    );
    for (const bad of [
      '',
      '..',
      '../index.ts',
      '..%2findex.ts',
      'assets/how-to-throw-a-jab.jpg',
      '/etc/passwd',
      'nope.jpg',
      '.hidden.jpg',
      'index.ts',
      'how-to-throw-a-jab.jpg\0',
      'C:\\x.jpg',
    ]) {
      expect(demoAssetPath(bad), bad).toBeNull();
    }
  });

  test('loading from an explicit base directory (the bundled server case) gives the same stories', async () => {
    const again = await loadDemoStories(path.resolve(process.cwd(), 'src/local/demo'));
    expect(again.published.map((s) => s.uuid)).toEqual(published.map((s) => s.uuid));
    expect(again.draft.map((s) => s.uuid)).toEqual(draft.map((s) => s.uuid));
    await expect(loadDemoStories(path.resolve(process.cwd(), 'no-such-dir'))).rejects.toThrow(
      /No demo stories/,
    );
  });
});

describe('scaleDemoStories', () => {
  test('scales to 500 articles with unique ids, uuids and slugs and intact relations', () => {
    const scaled = scaleDemoStories(published, 500);
    const articles = byFolder(scaled, 'blogs');
    expect(articles).toHaveLength(500);
    expect(new Set(articles.map((a) => a.uuid)).size).toBe(500);
    expect(new Set(articles.map((a) => a.slug)).size).toBe(500);
    expect(new Set(scaled.map((a) => a.id)).size).toBe(scaled.length);
    expect(scaled.length - articles.length).toBe(published.length - byFolder(published, 'blogs').length);
    for (const a of articles) {
      expect(a.uuid).toMatch(UUID_V4);
      expect(articleStorySchema.safeParse(a).success).toBe(true);
      expect(scheduleMs(a) < Date.now() || a.slug === 'summer-fight-camp-six-week-program').toBe(true);
      expect(new Date(scheduleMs(a)).toISOString()).toBe(a.first_published_at);
    }
    const clone = articles.find((a) => a.slug.endsWith('-copy-17'));
    const source = published.find((s) => `${s.slug}-copy-17` === clone?.slug);
    expect(clone?.content.topic).toBe(source?.content.topic);
    expect(clone?.content.category).toBe(source?.content.category);
    expect(clone?.content.author).toBe(source?.content.author);
    // Deterministic, and the input is untouched.
    expect(scaleDemoStories(published, 500)).toEqual(scaled);
    expect(byFolder(published, 'blogs').length).toBeLessThan(500);
  });

  test('cuts down to fewer articles and keeps the other stories', () => {
    const scaled = scaleDemoStories(published, 10);
    expect(byFolder(scaled, 'blogs')).toHaveLength(10);
    expect(byFolder(scaled, 'categories')).toHaveLength(5);
    expect(scaleDemoStories(published, 0).some((s) => s.full_slug.startsWith('blogs/'))).toBe(false);
  });
});

describe('lengthenDemoArticles', () => {
  type Doc = { type: string; content: unknown[] };
  const bodyOf = (story: WireStory | undefined) => story?.content.content as Doc;
  const uidsIn = (value: unknown, out: string[] = []): string[] => {
    if (Array.isArray(value)) for (const v of value) uidsIn(v, out);
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) {
        if (k === '_uid' && typeof v === 'string') out.push(v);
        else uidsIn(v, out);
      }
    return out;
  };

  test("says every article's body N times over and leaves the rest of the story as it was", () => {
    const long = lengthenDemoArticles(published, 3);
    expect(long).toHaveLength(published.length);
    for (const [i, story] of long.entries()) {
      const source = published[i]!;
      if (!story.full_slug.startsWith('blogs/')) {
        expect(story).toBe(source);
        continue;
      }
      const nodes = bodyOf(source).content;
      expect(bodyOf(story).content).toHaveLength(nodes.length * 3);
      expect(bodyOf(story).content.slice(0, nodes.length)).toEqual(nodes);
      expect({ ...story.content, content: null }).toEqual({ ...source.content, content: null });
      expect(articleStorySchema.safeParse(story).success).toBe(true);
    }
    // The input is untouched.
    expect(lengthenDemoArticles(published, 1)).toBe(published);
    expect(byFolder(published, 'blogs').every((a) => bodyOf(a).content.length < 100)).toBe(true);
  });

  test('blocks in a repeated body keep distinct uids', () => {
    const withBlocks = byFolder(published, 'blogs').find((a) => uidsIn(bodyOf(a)).length > 0);
    expect(withBlocks).toBeDefined();
    const long = lengthenDemoArticles([withBlocks!], 4)[0];
    const uids = uidsIn(bodyOf(long));
    expect(uids).toHaveLength(uidsIn(bodyOf(withBlocks)).length * 4);
    expect(new Set(uids).size).toBe(uids.length);
    expect(uids.filter((uid) => uid.endsWith('-r4'))).toHaveLength(uidsIn(bodyOf(withBlocks)).length);
  });
});
