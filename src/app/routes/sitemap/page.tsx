/** The HTML sitemap: every category, topic, author, story and editorial page, the stories paginated. */
import { Link } from 'react-router';
import type { ReactNode } from 'react';
import type { SitemapArticle, SitemapLink } from '../../../content/types.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { Seo } from '../../components/seo.tsx';
import { pageTitle } from '../../format.ts';
import { useRouteData } from '../../site.ts';
import type { SitemapIndex } from './data.ts';

/**
 * Sitemap: on page 1, every category, topic, author and editorial page; on every page, a page of
 * articles grouped by category, newest first, with page links below (SITEMAP_PER_PAGE in src/content/queries.ts).
 */
export function Component() {
  const { index, articles } = useRouteData('sitemap');
  const { page } = articles;
  return (
    <>
      <Seo title={pageTitle('Sitemap', page)} description={DESCRIPTION} pagination={articles} />
      <PageHeader
        eyebrow={page > 1 ? `Index · Page ${page}` : 'Index'}
        title="Sitemap"
        description={DESCRIPTION}
      />
      <div className="container sitemap">
        {index ? <IndexSections index={index} /> : null}
        <section aria-labelledby="sitemap-articles" className="sitemap__section">
          <h2 id="sitemap-articles" className="section-title">
            {page > 1 ? `Articles, page ${page}` : 'Articles'}
          </h2>
          {groupArticles(articles.stories).map((group) => (
            <div key={group.key} className="sitemap__group">
              <h3 className="sitemap__group-title">{group.name}</h3>
              <ul className="sitemap__list">{linkItems(group.articles)}</ul>
            </div>
          ))}
          <Pagination page={page} perPage={articles.perPage} total={articles.total} label="Sitemap pages" />
        </section>
      </div>
    </>
  );
}

const DESCRIPTION = 'Every category, topic, author and story on the site.';

/** Page 1's short lists: categories (with their listings), topics, authors, editorial pages. */
function IndexSections({ index }: { index: SitemapIndex }) {
  const { categories, topics, authors, pages } = index;
  return (
    <>
      <LinkSection id="sitemap-categories" title="Categories">
        {categories.map((category) => (
          <li key={category.uuid}>
            <Link to={category.route}>{category.name}</Link>
            <ul className="sitemap__sub">
              <li>
                <Link to={category.listingRoute}>All {category.name} stories</Link>
              </li>
            </ul>
          </li>
        ))}
      </LinkSection>
      <LinkSection id="sitemap-topics" title="Topics">
        {linkItems(topics)}
      </LinkSection>
      <LinkSection id="sitemap-authors" title="Authors">
        {linkItems(authors)}
      </LinkSection>
      {pages.length > 0 ? (
        <LinkSection id="sitemap-pages" title="Pages">
          {linkItems(pages.map((page) => ({ uuid: page.uuid, path: page.path, name: page.title })))}
        </LinkSection>
      ) : null}
    </>
  );
}

/** A headed section of the index: its list of links in columns. */
function LinkSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="sitemap__section">
      <h2 id={id} className="section-title">
        {title}
      </h2>
      <ul className="sitemap__list sitemap__list--columns">{children}</ul>
    </section>
  );
}

function linkItems(links: SitemapLink[]) {
  return links.map((link) => (
    <li key={link.uuid}>
      <Link to={link.path}>{link.name}</Link>
    </li>
  ));
}

type ArticleGroup = { key: string; name: string; articles: SitemapArticle[] };

/** Articles by category, in the order the categories first appear. */
function groupArticles(articles: SitemapArticle[]): ArticleGroup[] {
  const groups = new Map<string, ArticleGroup>();
  for (const article of articles) {
    const group = groups.get(article.category.uuid) ?? {
      key: article.category.uuid,
      name: article.category.name,
      articles: [],
    };
    group.articles.push(article);
    groups.set(article.category.uuid, group);
  }
  return [...groups.values()];
}
