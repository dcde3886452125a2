#!/usr/bin/env node
/**
 * Builds the demo content of the local Storyblok stand-in from compact definitions.
 *
 *   node scripts/build-demo-stories.mjs && node scripts/generate-demo-images.mjs
 *
 * Inputs:  the taxonomy, authors, global and pages below, and one Markdown-ish file per article in
 *          src/local/demo/source/articles/*.md (front matter, body, `+++ faq` section).
 * Outputs: src/local/demo/stories/**.json (published), src/local/demo/stories-draft/**.json (draft
 *          overrides and draft-only stories) and src/local/demo/image-manifest.json (what
 *          generate-demo-images.mjs renders). All outputs are committed; the script is deterministic,
 *          so re-running it without changes yields identical files.
 *
 * Ids, uuids, _uids and asset hashes derive from stable keys (sha1), so they never change when the
 * prose changes. Story envelopes follow the CDN story object (reference B.6). Dates are relative to
 * CONTENT_DATE, never to the clock, so the output is reproducible.
 *
 * Article source format (`<slug>.md`):
 *   ---
 *   slug: must equal the file name          title / description / meta_title / meta_description
 *   topic: topic slug (sets the category)   author: author slug   contributors: a, b (optional)
 *   tags: 2–4 comma-separated tags          schedule: YYYY-MM-DD HH:mm (UTC) = first_published_at
 *   label: big text on the cover artwork    shape: rings | stripes | gloves (optional)
 *   cover: alt text, or "-" (empty alt), "~" (null alt), "null" (no cover image)
 *   focus: WxH:WxH focal point (optional)   draft_only: true (optional: unpublished, draft folder)
 *   ---
 *   Body: paragraphs, "## "/"### " headings, "- " and "1. " lists, "> " quotes, "---" rules,
 *   **bold**, *italic*, [text](/internal/path or https://external). Internal links must resolve.
 *   +++ faq
 *   Q: question
 *   A: answer
 * The build fails on unknown topics/authors, broken internal links or bodies outside 400–900 words.
 *
 * Editorial page source format (src/local/demo/source/pages/<slug>.md, shown at /p/<slug>):
 *   ---
 *   slug (the file name)   name (the story's name)   title   meta_title   meta_description
 *   ---
 *   Body in the article format; each "## " heading opens a short_text block (the heading is its
 *   headline, what follows its rich-text body), and text before the first heading is one without.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const demoDir = path.join(root, 'src/local/demo');
const sourceDir = path.join(demoDir, 'source/articles');
const pagesDir = path.join(demoDir, 'source/pages');
const SPACE_ID = 286000;

// ---- stable identifiers -----------------------------------------------------------------------

const sha1 = (s) => createHash('sha1').update(`roundhouse-demo:${s}`).digest('hex');
/** A valid RFC 4122 v4-format uuid derived from a key. */
const uuid = (key) => {
  const h = sha1(key);
  const variant = '89ab'[parseInt(h[16], 16) % 4];
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
const usedAssetIds = new Set();
const assetId = (name) => {
  let id = 14_000_000 + (parseInt(sha1(`asset:${name}`).slice(0, 6), 16) % 900_000);
  while (usedAssetIds.has(id)) id += 1;
  usedAssetIds.add(id);
  return id;
};

// ---- images -----------------------------------------------------------------------------------

const SIZES = { cover: [1600, 900], block: [800, 800], avatar: [600, 600] };
/** Accent per category; the artwork generator turns it into gradients and shapes. */
const ACCENT = {
  training: 'red',
  'boxing-equipment': 'blue',
  wellness: 'teal',
  'for-members': 'amber',
  'fight-news': 'crimson',
};
const manifest = [];
/**
 * An asset field plus a manifest entry for the artwork. `alt` undefined → "", null → null.
 * `focus` is a Storyblok focal point or null.
 */
const assetsByName = new Map();
function asset({ name, kind, alt, label, kicker, accent, focus = null, shape }) {
  const [w, h] = SIZES[kind];
  if (manifest.some((m) => m.name === name)) throw new Error(`duplicate image name ${name}`);
  manifest.push({ name, kind, width: w, height: h, label, kicker, accent, shape: shape ?? null });
  const field = {
    id: assetId(name),
    alt: alt === undefined ? '' : alt,
    name: '',
    focus,
    title: '',
    filename: `/f/${SPACE_ID}/${w}x${h}/${sha1(`file:${name}`).slice(0, 8)}/${name}`,
    copyright: '',
    fieldtype: 'asset',
    meta_data: {},
    is_external_url: false,
  };
  assetsByName.set(name, field);
  return field;
}

// ---- content blocks ---------------------------------------------------------------------------

/**
 * A content block as the CMS stores it: every object with a `component` gets a deterministic
 * `_uid` (from `key` and its position), and `{ "$asset": "<image name>" }` is left as a
 * placeholder that `resolveAssets` swaps for that image's asset field once all images exist.
 */
function blok(value, key) {
  if (Array.isArray(value)) return value.map((v, i) => blok(v, `${key}.${i}`));
  if (value && typeof value === 'object' && !('$asset' in value)) {
    const out = {};
    if (typeof value.component === 'string') out._uid = uuid(`blok:${key}`);
    for (const [k, v] of Object.entries(value)) out[k] = blok(v, `${key}.${k}`);
    return out;
  }
  return value;
}

function resolveAssets(value) {
  if (Array.isArray(value)) return value.map(resolveAssets);
  if (value && typeof value === 'object') {
    if ('$asset' in value) {
      const found = assetsByName.get(value.$asset);
      if (!found) throw new Error(`unknown image ${value.$asset} in a content block`);
      return structuredClone(found);
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveAssets(v)]));
  }
  return value;
}

// ---- the home page, built from blocks ---------------------------------------------------------

const link = (url) => ({ id: '', url, linktype: 'url', fieldtype: 'multilink', cached_url: url });

/** `pages/home`: a hero carousel, an intro, a call to action and the newsletter sign-up. */
const HOME_BLOCKS = [
  {
    component: 'carousel',
    label: 'Featured at Roundhouse',
    arrows: true,
    infinite: true,
    timer: 'timer_on_load',
    slides: [
      [
        'Heavy bag season',
        'how-to-choose-a-heavy-bag.jpg',
        'Gear guide',
        'Heavy bag season is here',
        'Which bag fits your room, your ceiling and your neighbours: our coaches tested them so you do not have to.',
        '/boxing-equipment/how-to-choose-a-heavy-bag',
      ],
      [
        'Learn the jab',
        'how-to-throw-a-jab.jpg',
        'Technique',
        'Everything starts with the jab',
        'Five cues, three mistakes and a five-round plan to make the most important punch automatic.',
        '/training/how-to-throw-a-jab',
      ],
      [
        'Train offline',
        'app-update-offline-classes.jpg',
        'For members',
        'Download a class, train anywhere',
        'Garages, basements and hotel rooms: every class now works without signal.',
        '/for-members/app-update-offline-classes',
      ],
      [
        'Recovery',
        'recovery-day-routine.jpg',
        'Wellness',
        'The recovery day that makes you faster',
        'Mobility, breathing and an easy flush session for the day after hard rounds.',
        '/wellness/recovery-day-routine',
      ],
    ].map(([screen_label, image, eyebrow, title, text, url]) => ({
      component: 'carousel_slide',
      screen_label,
      body: [{ component: 'card', image: { $asset: image }, eyebrow, title, text, link: link(url) }],
    })),
  },
  {
    component: 'short_text',
    headline: 'Real coaching, in your living room',
    text: 'Roundhouse brings boxing and kickboxing coaching home: structured rounds, honest technique cues and gear advice from people who have spent their lives in the gym.',
  },
  { component: 'button', text: 'Start with the fundamentals', link: link('/c/training'), variant: 'primary' },
  {
    component: 'email_capture',
    headline: 'One good round a week',
    text: 'A workout, a technique cue and the best of the blog, every Sunday. No spam, unsubscribe any time.',
    cta: 'Subscribe',
  },
];

// ---- story envelope ---------------------------------------------------------------------------

const FOLDERS = {
  categories: 611000010,
  topics: 611000020,
  authors: 611000030,
  blogs: 611000040,
  pages: 611000050,
};
const iso = (date) => new Date(date).toISOString();
const hoursBefore = (isoDate, hours) => iso(Date.parse(isoDate) - hours * 3_600_000);

function story({
  id,
  key,
  name,
  slug,
  folder,
  content,
  position = 0,
  tagList = [],
  published,
  firstPublished,
  created,
  updated,
}) {
  return {
    name,
    created_at: created,
    published_at: published,
    updated_at: updated ?? published ?? created,
    id,
    uuid: uuid(`story:${key}`),
    content: { _uid: uuid(`content:${key}`), ...content },
    slug,
    full_slug: folder ? `${folder}/${slug}` : slug,
    sort_by_date: null,
    position,
    tag_list: tagList,
    is_startpage: false,
    parent_id: folder ? FOLDERS[folder] : 0,
    meta_data: null,
    group_id: uuid(`group:${key}`),
    first_published_at: firstPublished,
    release_id: null,
    lang: 'default',
    path: null,
    alternates: [],
    default_full_slug: null,
    translated_slugs: null,
  };
}

// ---- taxonomy ---------------------------------------------------------------------------------

const TAXONOMY_PUBLISHED = '2025-01-06T08:00:00.000Z';
/** "Today" for the demo content: every schedule before it is in the past. */
const CONTENT_DATE = '2026-11-20T12:00:00.000Z';
/** When the future-scheduled article was published (ahead of its schedule). */
const PUBLISHED_AHEAD = '2026-11-10T10:00:00.000Z';
const TAXONOMY_CREATED = '2024-12-02T10:15:00.000Z';

const categoryDefs = [
  {
    slug: 'training',
    name: 'Training',
    position: 50,
    description:
      'Workouts, technique breakdowns and conditioning plans for boxing and kickboxing at home. Start with the fundamentals, then build rounds that actually make you better.',
    metaTitle: 'Boxing & Kickboxing Training at Home',
    metaDescription:
      'Home boxing and kickboxing workouts, technique guides and strength plans from Roundhouse coaches.',
    label: 'TRAINING',
  },
  {
    slug: 'boxing-equipment',
    name: 'Boxing Equipment',
    position: 40,
    description:
      'Straight answers on gloves, wraps, heavy bags and shoes: what to buy, how to size it and how to make it last.',
    metaTitle: 'Boxing Equipment Guides: Gloves, Wraps, Bags',
    metaDescription:
      'Sizing charts, buying advice and care tips for home boxing gear, tested by our coaches.',
    label: 'GEAR',
  },
  {
    slug: 'wellness',
    name: 'Wellness',
    position: 30,
    description:
      'Fuel, recovery and the headspace that keeps you training. Practical nutrition and rest advice for people who punch for fitness.',
    metaTitle: 'Nutrition, Recovery & Mindset for Boxers',
    metaDescription: 'Eat, hydrate, sleep and recover like someone who trains hard, without the fad diets.',
    label: 'WELLNESS',
  },
  {
    slug: 'for-members',
    name: 'For Members',
    position: 20,
    description:
      'App updates, new features and the coaches behind your classes. Everything members need to get more out of Roundhouse.',
    metaTitle: 'For Members: App Updates & Trainer Spotlights',
    metaDescription:
      'What is new in the Roundhouse app, and the stories of the trainers who coach your rounds.',
    label: 'MEMBERS',
  },
  {
    slug: 'fight-news',
    name: 'Fight News',
    position: 10,
    description:
      'Fight-night breakdowns you can learn from, plus news from the Roundhouse team and community.',
    metaTitle: 'Fight News & Analysis',
    metaDescription: 'Boxing and kickboxing analysis for home athletes, and the latest from Roundhouse.',
    label: 'FIGHT NEWS',
  },
];

const topicDefs = [
  [
    'technique',
    'Technique',
    'training',
    'Punch mechanics, defence and footwork, broken down into cues you can practise in a living room.',
    'TECHNIQUE',
  ],
  [
    'kickboxing-basics',
    'Kickboxing Basics',
    'training',
    'Kicks, knees and the stance that ties them together, taught safely for home training.',
    'KICKBOXING',
  ],
  [
    'hiit-workouts',
    'HIIT Workouts',
    'training',
    'Round-based interval sessions on the bag or with no equipment at all. Timed, scaled and finishable.',
    'HIIT',
  ],
  [
    'strength-conditioning',
    'Strength & Conditioning',
    'training',
    'The lifting, skipping and core work that make your punches faster and your rounds easier.',
    'STRENGTH',
  ],
  [
    'gloves-and-wraps',
    'Gloves & Wraps',
    'boxing-equipment',
    'Glove weights, hand-wrap methods and care routines that protect your hands and your kit.',
    'GLOVES',
  ],
  [
    'heavy-bags',
    'Heavy Bags',
    'boxing-equipment',
    'Choosing, hanging and living with a heavy bag at home.',
    'HEAVY BAGS',
  ],
  [
    'shoes-and-apparel',
    'Shoes & Apparel',
    'boxing-equipment',
    'Footwear and training clothes that move the way boxers move.',
    'SHOES',
  ],
  [
    'nutrition',
    'Nutrition',
    'wellness',
    'Simple eating and hydration strategies for high-intensity training days.',
    'NUTRITION',
  ],
  [
    'recovery',
    'Recovery',
    'wellness',
    'Mobility, rest days and sleep: the half of training that happens between sessions.',
    'RECOVERY',
  ],
  [
    'mindset',
    'Mindset',
    'wellness',
    'Habits, motivation and the mental side of showing up for the next round.',
    'MINDSET',
  ],
  [
    'app-updates',
    'App Updates',
    'for-members',
    'Release notes and feature guides for the Roundhouse app.',
    'APP UPDATE',
  ],
  [
    'trainer-spotlights',
    'Trainer Spotlights',
    'for-members',
    'Meet the coaches who build and teach Roundhouse classes.',
    'SPOTLIGHT',
  ],
  [
    'fight-analysis',
    'Fight Analysis',
    'fight-news',
    'What elite fighters do, explained so you can use it in your own training.',
    'ANALYSIS',
  ],
  [
    'company-news',
    'Company News',
    'fight-news',
    'Announcements, community challenges and behind-the-scenes news from Roundhouse.',
    'NEWS',
  ],
].map(([slug, name, category, description, label], i) => ({
  slug,
  name,
  category,
  description,
  label,
  position: 140 - i * 10,
}));

const authorDefs = [
  {
    slug: 'maya-okafor',
    role: 'Head Boxing Coach',
    name: 'Maya Okafor',
    initials: 'MO',
    accent: 'red',
    bio: 'Maya is head boxing coach at Roundhouse and a former national amateur finalist. She has spent fifteen years teaching beginners to throw their first clean jab and still thinks it is the best punch in the sport. Her classes are known for sharp cues, honest feedback and very sweaty final rounds.',
    social: {
      instagram: 'https://instagram.com/maya.okafor.boxing',
      youtube: 'https://youtube.com/@mayaokaforboxing',
      twitter: '',
      website: 'https://roundhouse.example/coaches/maya',
    },
  },
  {
    slug: 'dani-reyes',
    role: 'Kickboxing Lead',
    name: 'Dani Reyes',
    initials: 'DR',
    accent: 'blue',
    bio: 'Dani leads kickboxing programming at Roundhouse after a decade competing in Muay Thai and K-1 rules. They care most about balance, hip mobility and kicking without getting hurt. Outside class, Dani coaches a youth program and rides a very old road bike.',
    social: {
      instagram: 'https://instagram.com/danireyes.kicks',
      tiktok: 'https://tiktok.com/@danireyeskicks',
      facebook: '',
      myspace: 'https://myspace.com/danireyes',
    },
  },
  {
    slug: 'theo-lindqvist',
    role: 'Strength & Conditioning Coach',
    name: 'Theo Lindqvist',
    initials: 'TL',
    accent: 'teal',
    bio: 'Theo is a certified strength and conditioning specialist who has prepared amateur boxers for national championships. He writes Roundhouse conditioning plans and believes most people need more sleep and fewer burpees. He is happiest in a garage gym with a stopwatch.',
    social: {
      instagram: 'https://instagram.com/theo.lifts.and.hits',
      linkedin: 'https://linkedin.com/in/theo-lindqvist-cscs',
      youtube: '',
    },
  },
  {
    slug: 'priya-nair',
    role: 'Registered Dietitian',
    name: 'Priya Nair',
    initials: 'PN',
    accent: 'amber',
    bio: 'Priya is a registered dietitian who works with combat-sport athletes and busy people who just want energy for an evening workout. She favours simple meals, realistic habits and no forbidden foods. She has never weighed a blueberry and does not plan to start.',
    social: {
      website: 'https://priyanair-nutrition.example',
      instagram: 'https://instagram.com/priya.eats.to.train',
      pinterest: 'https://pinterest.com/priyanairrd',
      twitter: '',
    },
  },
  {
    slug: 'marcus-bell',
    role: 'Gear Testing Lead',
    name: 'Marcus Bell',
    initials: 'MB',
    accent: 'blue',
    bio: 'Marcus runs gear testing at Roundhouse, which means he has punched, washed, dropped and hung more equipment than anyone should. Before that he managed a boxing gym pro shop for eight years. He will talk about glove padding for as long as you let him.',
    social: {
      youtube: 'https://youtube.com/@marcusbellgear',
      instagram: '',
      twitter: 'https://twitter.com/marcusbellgear',
    },
  },
  {
    slug: 'jo-whitaker',
    role: 'Community Editor',
    name: 'Jo Whitaker',
    initials: 'JW',
    accent: 'crimson',
    bio: 'Jo is the Roundhouse community editor and the person who reads every piece of member feedback. She writes our release notes, trainer profiles and company news. She started boxing at forty and has not missed a Monday class since.',
    social: {
      linkedin: 'https://linkedin.com/in/jo-whitaker-roundhouse',
      instagram: 'https://instagram.com/jo.at.roundhouse',
      rss: 'https://roundhouse.example/feed.xml',
    },
  },
  {
    slug: 'sam-adeyemi',
    role: 'Fight Analyst',
    name: 'Sam Adeyemi',
    initials: 'SA',
    accent: 'red',
    bio: 'Sam has covered boxing and kickboxing for over a decade and still watches every fight twice, once as a fan and once with a notebook. For Roundhouse he breaks down what elite fighters do so home athletes can borrow it.',
    social: {
      twitter: 'https://twitter.com/samadeyemi_fights',
      youtube: 'https://youtube.com/@samadeyemifights',
      tiktok: '',
    },
  },
];

// ---- Markdown-ish → Storyblok rich text ------------------------------------------------------

/** Inline parser: **bold**, *italic*, [text](href). Marks do not nest, except bold/italic inside links. */
function inline(text) {
  const out = [];
  const re = /\*\*(.+?)\*\*|\*(.+?)\*|\[(.+?)\]\((\S+?)\)/g;
  let last = 0;
  let m;
  const push = (t, marks) => {
    if (!t) return;
    out.push(marks.length ? { type: 'text', text: t, marks } : { type: 'text', text: t });
  };
  while ((m = re.exec(text))) {
    push(text.slice(last, m.index), []);
    if (m[1] !== undefined) push(m[1], [{ type: 'bold' }]);
    else if (m[2] !== undefined) push(m[2], [{ type: 'italic' }]);
    else {
      const href = m[4];
      const external = /^https?:\/\//.test(href);
      push(m[3], [
        {
          type: 'link',
          attrs: { href, uuid: null, anchor: null, target: external ? '_blank' : '_self', linktype: 'url' },
        },
      ]);
    }
    last = re.lastIndex;
  }
  push(text.slice(last), []);
  return out;
}

const paragraph = (text) => ({ type: 'paragraph', content: inline(text) });

function richText(src) {
  const lines = src.replace(/\r/g, '').split('\n');
  const doc = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i].trimEnd();
    if (!line.trim()) {
      i += 1;
      continue;
    }
    let m;
    if (line.startsWith('::blok ')) {
      // One content block, as single-line JSON: `::blok {"component":"video", ...}`.
      const key = `rich:${sha1(line).slice(0, 12)}`;
      doc.push({ type: 'blok', attrs: { id: uuid(key), body: [blok(JSON.parse(line.slice(7)), key)] } });
      i += 1;
    } else if ((m = /^(#{2,3}) (.+)$/.exec(line))) {
      doc.push({ type: 'heading', attrs: { level: m[1].length }, content: inline(m[2]) });
      i += 1;
    } else if (line === '---') {
      doc.push({ type: 'horizontal_rule' });
      i += 1;
    } else if (/^- /.test(line) || /^\d+\. /.test(line)) {
      const ordered = /^\d+\. /.test(line);
      const itemRe = ordered ? /^\d+\. (.*)$/ : /^- (.*)$/;
      const items = [];
      while (i < lines.length && itemRe.test(lines[i].trimEnd())) {
        items.push({ type: 'list_item', content: [paragraph(itemRe.exec(lines[i].trimEnd())[1])] });
        i += 1;
      }
      doc.push(
        ordered
          ? { type: 'ordered_list', attrs: { order: 1 }, content: items }
          : { type: 'bullet_list', content: items },
      );
    } else if (line.startsWith('> ')) {
      const paras = [];
      let buf = [];
      while (i < lines.length && lines[i].startsWith('>')) {
        const t = lines[i].replace(/^>\s?/, '').trim();
        if (t) buf.push(t);
        else if (buf.length) {
          paras.push(paragraph(buf.join(' ')));
          buf = [];
        }
        i += 1;
      }
      if (buf.length) paras.push(paragraph(buf.join(' ')));
      doc.push({ type: 'blockquote', content: paras });
    } else {
      const buf = [];
      while (i < lines.length && lines[i].trim() && !/^(#{2,3} |- |\d+\. |> |---$|::blok )/.test(lines[i])) {
        buf.push(lines[i].trim());
        i += 1;
      }
      // A line opening with **Label:** starts a new line of the same paragraph (hard break).
      const content = [];
      for (const [n, l] of buf.entries()) {
        if (n > 0) {
          if (l.startsWith('**')) content.push({ type: 'hard_break' });
          else content.push({ type: 'text', text: ' ' });
        }
        content.push(...inline(l));
      }
      // Merge adjacent unmarked text nodes produced by plain line joins.
      const merged = [];
      for (const node of content) {
        const prev = merged[merged.length - 1];
        if (prev && prev.type === 'text' && node.type === 'text' && !prev.marks && !node.marks)
          prev.text += node.text;
        else merged.push(node);
      }
      doc.push({ type: 'paragraph', content: merged });
    }
  }
  return { type: 'doc', content: doc };
}

function wordCount(node) {
  if (node.text) return node.text.split(/\s+/).filter(Boolean).length;
  return (node.content ?? []).reduce((n, c) => n + wordCount(c), 0);
}

function collectLinks(node, out = []) {
  for (const mark of node.marks ?? []) if (mark.type === 'link') out.push(mark.attrs.href);
  for (const c of node.content ?? []) collectLinks(c, out);
  return out;
}

// ---- article source files ---------------------------------------------------------------------

async function readArticles() {
  const files = (await readdir(sourceDir)).filter((f) => f.endsWith('.md')).sort();
  const articles = [];
  for (const file of files) {
    const raw = await readFile(path.join(sourceDir, file), 'utf8');
    const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(raw);
    if (!m) throw new Error(`${file}: missing front matter`);
    const meta = {};
    for (const line of m[1].split('\n')) {
      const idx = line.indexOf(':');
      if (idx < 0) continue;
      meta[line.slice(0, idx).trim()] = line.slice(idx + 1).trim();
    }
    const [body, faqSrc = ''] = m[2].split(/^\+\+\+ faq\s*$/m);
    const faqs = [];
    for (const block of faqSrc.split(/^Q: /m).slice(1)) {
      const [q, a] = block.split(/^A: /m);
      if (!q || !a) throw new Error(`${file}: malformed FAQ`);
      faqs.push({ question: q.trim().replace(/\s+/g, ' '), answer: a.trim().replace(/\s+/g, ' ') });
    }
    const required = [
      'slug',
      'title',
      'description',
      'topic',
      'author',
      'tags',
      'schedule',
      'label',
      'meta_title',
      'meta_description',
    ];
    for (const k of required) if (!meta[k]) throw new Error(`${file}: missing ${k}`);
    if (`${meta.slug}.md` !== file)
      throw new Error(`${file}: slug ${meta.slug} does not match the file name`);
    articles.push({ ...meta, body: body.trim(), faqs, file });
  }
  return articles;
}

// ---- editorial page source files --------------------------------------------------------------

/** One page source → its front matter and its body as short_text blocks (one per "## " section). */
function pageSource(file, raw) {
  const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(raw);
  if (!m) throw new Error(`${file}: missing front matter`);
  const meta = {};
  for (const line of m[1].split('\n')) {
    const idx = line.indexOf(':');
    if (idx >= 0) meta[line.slice(0, idx).trim()] = line.slice(idx + 1).trim();
  }
  for (const k of ['slug', 'name', 'title', 'meta_title', 'meta_description'])
    if (!meta[k]) throw new Error(`${file}: missing ${k}`);
  if (`${meta.slug}.md` !== file) throw new Error(`${file}: slug ${meta.slug} does not match the file name`);
  const sections = m[2].trim().split(/^## (.+)$/m);
  const blocks = [];
  if (sections[0].trim()) blocks.push({ component: 'short_text', body: richText(sections[0]) });
  for (let i = 1; i < sections.length; i += 2)
    blocks.push({ component: 'short_text', headline: sections[i].trim(), body: richText(sections[i + 1]) });
  return { ...meta, blocks };
}

async function readPages() {
  const files = (await readdir(pagesDir)).filter((f) => f.endsWith('.md')).sort();
  return Promise.all(
    files.map(async (file) => pageSource(file, await readFile(path.join(pagesDir, file), 'utf8'))),
  );
}

const list = (s) =>
  s
    ? s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : [];

// ---- build ------------------------------------------------------------------------------------

async function main() {
  const articleDefs = await readArticles();
  const published = [];
  const draft = [];

  const categoryUuid = (slug) => uuid(`story:category:${slug}`);
  const topicUuid = (slug) => uuid(`story:topic:${slug}`);
  const authorUuid = (slug) => uuid(`story:author:${slug}`);

  // categories
  for (const [i, c] of categoryDefs.entries()) {
    published.push(
      story({
        id: 612000101 + i,
        key: `category:${c.slug}`,
        name: c.name,
        slug: c.slug,
        folder: 'categories',
        position: c.position,
        created: TAXONOMY_CREATED,
        published: TAXONOMY_PUBLISHED,
        firstPublished: TAXONOMY_PUBLISHED,
        content: {
          component: 'category',
          name: c.name,
          description: c.description,
          cover_image: asset({
            name: `category-${c.slug}-cover.jpg`,
            kind: 'cover',
            alt: `${c.name} at Roundhouse`,
            label: c.label,
            kicker: 'ROUNDHOUSE',
            accent: ACCENT[c.slug],
            focus: '800x450:801x451',
          }),
          block_image: asset({
            name: `category-${c.slug}-block.jpg`,
            kind: 'block',
            alt: c.name,
            label: c.label,
            kicker: 'CATEGORY',
            accent: ACCENT[c.slug],
          }),
          topics: topicDefs.filter((t) => t.category === c.slug).map((t) => topicUuid(t.slug)),
          meta_info: { title: c.metaTitle, description: c.metaDescription },
        },
      }),
    );
  }

  // topics
  for (const [i, t] of topicDefs.entries()) {
    const category = categoryDefs.find((c) => c.slug === t.category);
    published.push(
      story({
        id: 612000201 + i,
        key: `topic:${t.slug}`,
        name: t.name,
        slug: t.slug,
        folder: 'topics',
        position: t.position,
        created: TAXONOMY_CREATED,
        published: TAXONOMY_PUBLISHED,
        firstPublished: TAXONOMY_PUBLISHED,
        content: {
          component: 'topic',
          name: t.name,
          description: t.description,
          cover_image: asset({
            name: `topic-${t.slug}-cover.jpg`,
            kind: 'cover',
            alt: `${t.name} articles`,
            label: t.label,
            kicker: category.label,
            accent: ACCENT[t.category],
          }),
          block_image: asset({
            name: `topic-${t.slug}-block.jpg`,
            kind: 'block',
            alt: t.name,
            label: t.label,
            kicker: 'TOPIC',
            accent: ACCENT[t.category],
          }),
          category: categoryUuid(t.category),
          meta_info: { title: `${t.name}: Articles and Guides`, description: t.description },
        },
      }),
    );
  }

  // authors
  for (const [i, a] of authorDefs.entries()) {
    const social = Object.fromEntries(Object.entries(a.social).map(([k, v]) => [`social_link_${k}`, v]));
    published.push(
      story({
        id: 612000301 + i,
        key: `author:${a.slug}`,
        name: a.name,
        slug: a.slug,
        folder: 'authors',
        position: -i * 10,
        created: TAXONOMY_CREATED,
        published: TAXONOMY_PUBLISHED,
        firstPublished: TAXONOMY_PUBLISHED,
        content: {
          component: 'author',
          name: a.name,
          bio: a.bio,
          photo: asset({
            name: `author-${a.slug}.jpg`,
            kind: 'avatar',
            alt: `Portrait of ${a.name}`,
            label: a.initials,
            kicker: a.name.toUpperCase(),
            accent: a.accent,
          }),
          ...social,
          meta_info: { title: `${a.name}, ${a.role}`, description: a.bio.split('. ')[0] + '.' },
        },
      }),
    );
  }

  // articles
  const topicBySlug = new Map(topicDefs.map((t) => [t.slug, t]));
  const authorSlugs = new Set(authorDefs.map((a) => a.slug));
  // The content's own "today": output must not depend on when the script runs.
  const now = Date.parse(CONTENT_DATE);
  const routes = new Set(['/']);
  for (const c of categoryDefs) routes.add(`/${c.slug}`).add(`/c/${c.slug}`);
  for (const t of topicDefs) routes.add(`/t/${t.slug}`);
  for (const a of authorDefs) routes.add(`/author/${a.slug}`);
  const publicArticles = articleDefs.filter(
    (a) => a.draft_only !== 'true' && Date.parse(`${a.schedule.replace(' ', 'T')}:00Z`) < now,
  );
  for (const a of publicArticles) routes.add(`/${topicBySlug.get(a.topic)?.category}/${a.slug}`);

  const builtArticles = [];
  const usedIds = new Set();
  for (const a of articleDefs) {
    // Stable per-article numbers: derived from the slug, so adding an article never renumbers others.
    const n = parseInt(sha1(`article-n:${a.slug}`).slice(0, 8), 16);
    let id = 613_000_000 + (n % 900_000);
    while (usedIds.has(id)) id += 1;
    usedIds.add(id);
    const topic = topicBySlug.get(a.topic);
    if (!topic) throw new Error(`${a.file}: unknown topic ${a.topic}`);
    const contributors = list(a.contributors);
    for (const s of [a.author, ...contributors])
      if (!authorSlugs.has(s)) throw new Error(`${a.file}: unknown author ${s}`);
    if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(a.schedule)) throw new Error(`${a.file}: bad schedule`);
    const content = richText(a.body);
    const words = wordCount(content);
    if (words < 400 || words > 900) throw new Error(`${a.file}: ${words} words (want 400–900)`);
    for (const href of collectLinks(content)) {
      if (href.startsWith('/') && !routes.has(href.split('#')[0]))
        throw new Error(`${a.file}: broken internal link ${href}`);
      if (!href.startsWith('/') && !href.startsWith('https://'))
        throw new Error(`${a.file}: bad link ${href}`);
    }
    const first = `${a.schedule.replace(' ', 'T')}:00.000Z`;
    const draftOnly = a.draft_only === 'true';
    // About a third of the articles got a later edit (re-published ten days on), but never past "now".
    const edited = n % 3 === 1 ? hoursBefore(first, -240) : first;
    // A future-scheduled article was published ahead of time: it is live in the CDN (published_at
    // in the past) and only its schedule (= first_published_at) hides it in published mode.
    const republished = Date.parse(first) > now ? PUBLISHED_AHEAD : Date.parse(edited) < now ? edited : first;
    const cover =
      a.cover === 'null'
        ? null
        : asset({
            name: `${a.slug}.jpg`,
            kind: 'cover',
            alt: a.cover === '-' ? undefined : a.cover === '~' ? null : a.cover,
            label: a.label,
            kicker: topic.label,
            accent: ACCENT[topic.category],
            focus: a.focus || null,
            shape: a.shape,
          });
    const s = story({
      id,
      key: `article:${a.slug}`,
      name: a.title,
      slug: a.slug,
      folder: 'blogs',
      position: 0,
      tagList: list(a.tags),
      created: hoursBefore(Date.parse(first) > now ? PUBLISHED_AHEAD : first, 72 + (n % 5) * 7),
      published: draftOnly ? null : republished,
      updated: draftOnly ? hoursBefore(first, 20) : republished,
      firstPublished: draftOnly ? null : first,
      content: {
        component: 'article',
        title: a.title,
        description: a.description,
        cover_image: cover,
        schedule: a.schedule,
        content,
        meta_info: { title: a.meta_title, description: a.meta_description },
        faqs: a.faqs.map((f, n) => ({ _uid: uuid(`faq:${a.slug}:${n}`), component: 'faq', ...f })),
        author: authorUuid(a.author),
        contributors: contributors.map(authorUuid),
        topic: topicUuid(a.topic),
        category: categoryUuid(topic.category),
      },
    });
    builtArticles.push({ def: a, story: s, words });
    (draftOnly ? draft : published).push(s);
  }

  // draft edit of a published article: same uuid/id, changed title (editor has not published yet)
  const editSlug = 'how-to-throw-a-jab';
  const original = published.find((s) => s.slug === editSlug);
  if (!original) throw new Error(`draft edit source ${editSlug} missing`);
  const edit = structuredClone(original);
  edit.name = 'The Jab, Properly: Your First Punch, Your Best Punch (Updated)';
  edit.content.title = edit.name;
  edit.content.description =
    'Updated with a new partner drill: how to throw a fast, safe jab at home, the three most common mistakes, and a five-round plan to make it automatic.';
  edit.updated_at = '2026-11-20T16:45:00.000Z';
  draft.push(edit);

  // global
  const heavyBag = builtArticles.find((b) => b.def.slug === 'how-to-choose-a-heavy-bag');
  const globalStory = story({
    id: 612000001,
    key: 'global',
    name: 'Global',
    slug: 'global',
    folder: null,
    created: TAXONOMY_CREATED,
    published: '2026-11-02T09:00:00.000Z',
    firstPublished: TAXONOMY_PUBLISHED,
    content: {
      component: 'global',
      announcement: [
        {
          _uid: uuid('announcement:heavy-bag'),
          component: 'announcement',
          active: true,
          theme: 'red',
          headline: 'Heavy bag season is here',
          text: 'Not sure which bag fits your room, your ceiling or your neighbours? Our gear team tested them so you do not have to.',
          cta_text: 'Read the buyer’s guide',
          cta_link: {
            id: '',
            url: `/boxing-equipment/${heavyBag.def.slug}`,
            linktype: 'url',
            fieldtype: 'multilink',
            cached_url: `/boxing-equipment/${heavyBag.def.slug}`,
          },
        },
        {
          _uid: uuid('announcement:app'),
          component: 'announcement',
          active: false,
          theme: 'blue',
          headline: 'Offline classes have landed',
          text: 'Download any class and train without signal.',
          cta_text: 'See what is new',
          cta_link: {
            id: '',
            url: '/for-members/app-update-offline-classes',
            linktype: 'url',
            fieldtype: 'multilink',
            cached_url: '/for-members/app-update-offline-classes',
          },
        },
      ],
      social_links: [
        ['instagram', 'https://instagram.com/roundhouse.fitness'],
        ['youtube', 'https://youtube.com/@roundhousefitness'],
        ['tiktok', 'https://tiktok.com/@roundhouse.fitness'],
        ['facebook', 'https://facebook.com/roundhousefitness'],
        ['pinterest', 'https://pinterest.com/roundhousefitness'],
        ['myspace', 'https://myspace.com/roundhousefitness'],
        ['rss', '/sitemap'],
      ].map(([name, url]) => ({ _uid: uuid(`social:${name}`), component: 'social_link', name, url })),
      tagline: 'Boxing and kickboxing at home, coached properly. Every round counts.',
    },
  });
  published.unshift(globalStory);

  // pages: home (built from blocks above), then the editorial pages (/p/<slug>) from their sources
  const home = {
    slug: 'home',
    name: 'Home',
    title: 'Roundhouse: Box and Kickbox at Home',
    meta_title: 'Home Boxing & Kickboxing Workouts',
    meta_description:
      'Coached boxing and kickboxing workouts, technique guides and gear advice for training at home.',
    blocks: HOME_BLOCKS,
  };
  // Fixed order (not the files'), so each page keeps its id and position as pages are added.
  const PAGE_ORDER = ['home', 'about', 'privacy', 'terms'];
  const pageDefs = [home, ...(await readPages())];
  for (const p of pageDefs) {
    if (!PAGE_ORDER.includes(p.slug)) throw new Error(`pages/${p.slug}: add it to PAGE_ORDER`);
    routes.add(p.slug === 'home' ? '/' : `/p/${p.slug}`);
  }
  // Page links may point at any page, category, topic, author or index page.
  for (const index of ['/c', '/t', '/author', '/sitemap']) routes.add(index);
  pageDefs.sort((a, b) => PAGE_ORDER.indexOf(a.slug) - PAGE_ORDER.indexOf(b.slug));
  for (const p of pageDefs) {
    const i = PAGE_ORDER.indexOf(p.slug);
    const body = blok(p.blocks, `page:${p.slug}`);
    for (const href of collectLinks({ content: body.map((b) => b.body ?? { content: [] }) })) {
      if (href.startsWith('/') && !routes.has(href.split('#')[0]))
        throw new Error(`pages/${p.slug}: broken internal link ${href}`);
    }
    published.push(
      story({
        id: 612000401 + i,
        key: `page:${p.slug}`,
        name: p.name,
        slug: p.slug,
        folder: 'pages',
        position: -i * 10,
        created: TAXONOMY_CREATED,
        published: TAXONOMY_PUBLISHED,
        firstPublished: TAXONOMY_PUBLISHED,
        content: {
          component: 'page',
          title: p.title,
          body,
          meta_info: { title: p.meta_title, description: p.meta_description },
        },
      }),
    );
  }

  for (const list of [published, draft]) for (const s of list) s.content = resolveAssets(s.content);

  // write (formatted with the repo's prettier config so `format:check` passes on the output)
  const prettierOptions = { ...(await prettier.resolveConfig(path.join(demoDir, 'x.json'))), parser: 'json' };
  const json = (value) => prettier.format(JSON.stringify(value), prettierOptions);
  const dirFor = (s) => (s.full_slug === 'global' ? '' : s.full_slug.split('/')[0]);
  for (const [base, stories] of [
    ['stories', published],
    ['stories-draft', draft],
  ]) {
    await rm(path.join(demoDir, base), { recursive: true, force: true });
    for (const s of stories) {
      const dir = path.join(demoDir, base, dirFor(s));
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, `${s.slug}.json`), await json(s));
    }
  }
  await writeFile(path.join(demoDir, 'image-manifest.json'), await json(manifest));

  const perCategory = {};
  for (const b of builtArticles) {
    const c = topicBySlug.get(b.def.topic).category;
    perCategory[c] = (perCategory[c] ?? 0) + 1;
  }
  const words = builtArticles.map((b) => b.words);
  console.log(
    `stories: ${published.length} published, ${draft.length} draft; articles ${builtArticles.length} (${JSON.stringify(perCategory)}); ` +
      `words min ${Math.min(...words)} max ${Math.max(...words)} total ${words.reduce((x, y) => x + y, 0)}; images ${manifest.length}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
