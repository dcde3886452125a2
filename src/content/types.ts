/**
 * Domain types of the content site. These are what `src/app` and `src/widgets` see: no Storyblok
 * wire format leaks past `src/content` (the mappers there turn stories into these shapes).
 * Everything here is plain JSON so it can travel in the global payload unchanged.
 */

import type { AnnouncementTheme, Editable, Image, ImageFile, SocialLink } from '../shared/types.ts';

export type { AnnouncementTheme, Image, ImageFile, SocialLink, SocialName } from '../shared/types.ts';
export { SOCIAL_NAMES } from '../shared/types.ts';

export type Meta = {
  title: string | null;
  description: string | null;
};

export type CategorySummary = {
  uuid: string;
  slug: string;
  name: string;
  /** Landing page route, `/c/{slug}`. */
  route: string;
  /** Listing route, `/{slug}`. */
  listingRoute: string;
};

export type TopicSummary = {
  uuid: string;
  slug: string;
  name: string;
  /** `/t/{slug}` */
  route: string;
  blockImage: Image | null;
  category: CategorySummary | null;
};

export type Category = CategorySummary & {
  description: string;
  coverImage: Image | null;
  blockImage: Image | null;
  topics: TopicSummary[];
  meta: Meta;
};

export type Topic = TopicSummary & {
  description: string;
  coverImage: Image | null;
  meta: Meta;
};

export type AuthorSummary = {
  uuid: string;
  slug: string;
  name: string;
  /** `/author/{slug}` */
  route: string;
  photo: Image | null;
};

export type Author = AuthorSummary & {
  bio: string;
  socialLinks: SocialLink[];
  meta: Meta;
};

/** Rich text, mapped from Storyblok's rich-text JSON into our own small tree. */
export type Mark =
  | { type: 'bold' | 'italic' | 'underline' | 'strike' | 'code' }
  | { type: 'link'; href: string; external: boolean };

export type Inline = { type: 'text'; text: string; marks: Mark[] } | { type: 'break' };

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'heading'; level: 2 | 3 | 4; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Block[][] }
  | { type: 'quote'; children: Block[] }
  | { type: 'code'; text: string }
  | { type: 'rule' }
  | { type: 'image'; image: Image }
  /** An embedded content block (widget). Rendered through the block registry (widgets issue). */
  | {
      type: 'blok';
      component: string;
      uid: string;
      props: Record<string, unknown>;
      /** Set by the server when the block is unknown or its props are invalid (then it is not shown). */
      error?: string;
      /** Drafts only: Storyblok's `_editable` marker, for the Visual Editor's click-to-edit. */
      editable?: Editable;
    };

export type RichText = Block[];

export type Faq = { question: string; answer: string };

export type ArticleSummary = {
  uuid: string;
  slug: string;
  /** Public path `/{categorySlug}/{slug}`. */
  path: string;
  title: string;
  description: string;
  coverImage: Image | null;
  /** ISO 8601 timestamps. */
  publishedAt: string | null;
  firstPublishedAt: string | null;
  category: CategorySummary;
  topic: TopicSummary | null;
  author: AuthorSummary | null;
  tags: string[];
};

/**
 * An article as a list shows it (cards, the home feed and hero, the article sidebar): what the
 * browser gets for lists (src/content/cards.ts projects summaries to it on the server). Related
 * stories keep their uuids, so a page's cache tags still name what it shows.
 */
export type ArticleCard = {
  uuid: string;
  /** Public path `/{categorySlug}/{slug}`. */
  path: string;
  title: string;
  description: string;
  coverImage: ImageFile | null;
  /** ISO 8601: the first publish, else the last. */
  date: string | null;
  category: Pick<CategorySummary, 'uuid' | 'name'>;
  author: Pick<AuthorSummary, 'uuid' | 'name'> | null;
};

/** A topic as the nav, the category chips and the article sidebar link to it. */
export type NavTopic = Pick<TopicSummary, 'uuid' | 'name' | 'route'>;

/** A category as the site's nav and footer show it (the root route's data): names and links only. */
export type NavCategory = Pick<CategorySummary, 'uuid' | 'slug' | 'name' | 'route' | 'listingRoute'> & {
  topics: NavTopic[];
};

/** A story as the HTML sitemap lists it: a name and a path. */
export type SitemapLink = { uuid: string; name: string; path: string };

/** An article in the HTML sitemap, which groups them by category. */
export type SitemapArticle = SitemapLink & { category: Pick<CategorySummary, 'uuid' | 'name'> };

/** A category in the HTML sitemap: its landing and its listing. */
export type SitemapCategory = Pick<CategorySummary, 'uuid' | 'name' | 'route' | 'listingRoute'>;

export type Article = ArticleSummary & {
  /** Drafts only: the story's `_editable` marker (its title, lede and fields). */
  editable?: Editable;
  body: RichText;
  faqs: Faq[];
  contributors: AuthorSummary[];
  /** The author's social links (their profiles: structured data's `sameAs`); empty without an author. */
  authorSocialLinks: SocialLink[];
  meta: Meta;
  /** Schedule date as "YYYY-MM-DD HH:mm" (UTC) or null. */
  schedule: string | null;
};

export type Announcement = {
  active: boolean;
  theme: AnnouncementTheme;
  headline: string;
  text: string;
  cta: { url: string; text: string } | null;
};

export type Layout = {
  uuid: string;
  /** First item of the global story's announcement list, or null when there is none. */
  announcement: Announcement | null;
  socialLinks: SocialLink[];
  /** Short brand line shown in the footer. */
  tagline: string;
};

/** A `pages/<slug>` story as lists name it (the sitemap): no body. */
export type PageSummary = {
  uuid: string;
  slug: string;
  title: string;
  /** `/` for `pages/home`, `/p/{slug}` for every other page (src/shared/editorial-pages.ts). */
  path: string;
  /** ISO 8601: the story's last publish. */
  publishedAt: string | null;
};

export type Page = PageSummary & {
  body: RichText;
  meta: Meta;
};

export type Paginated<T> = {
  stories: T[];
  perPage: number;
  total: number;
  page: number;
  /** True when total exceeds perPage × page. */
  canFetchMore: boolean;
};

export type ContentVersion = 'published' | 'draft';
