/** The HTML sitemap: every category, topic, author, story and editorial page, the stories paginated. */
import { Link } from 'react-router';
import type { SitemapArticle } from '../../../content/types.ts';
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
              <ul className="sitemap__list">
                {group.articles.map((article) => (
                  <li key={article.uuid}>
                    <Link to={article.path}>{article.name}</Link>
                  </li>
                ))}
              </ul>
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
      <section aria-labelledby="sitemap-categories" className="sitemap__section">
        <h2 id="sitemap-categories" className="section-title">
          Categories
        </h2>
        <ul className="sitemap__list sitemap__list--columns">
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
        </ul>
      </section>
      <section aria-labelledby="sitemap-topics" className="sitemap__section">
        <h2 id="sitemap-topics" className="section-title">
          Topics
        </h2>
        <ul className="sitemap__list sitemap__list--columns">
          {topics.map((topic) => (
            <li key={topic.uuid}>
              <Link to={topic.path}>{topic.name}</Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="sitemap-authors" className="sitemap__section">
        <h2 id="sitemap-authors" className="section-title">
          Authors
        </h2>
        <ul className="sitemap__list sitemap__list--columns">
          {authors.map((author) => (
            <li key={author.uuid}>
              <Link to={author.path}>{author.name}</Link>
            </li>
          ))}
        </ul>
      </section>
      {pages.length > 0 ? (
        <section aria-labelledby="sitemap-pages" className="sitemap__section">
          <h2 id="sitemap-pages" className="section-title">
            Pages
          </h2>
          <ul className="sitemap__list sitemap__list--columns">
            {pages.map((page) => (
              <li key={page.uuid}>
                <Link to={page.path}>{page.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
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
