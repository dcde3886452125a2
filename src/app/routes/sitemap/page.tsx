/** The HTML sitemap: every category, topic, author, story and editorial page. */
import { Link } from 'react-router';
import type { SitemapArticle } from '../../../content/types.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Seo } from '../../components/seo.tsx';
import { useRouteData } from '../../site.ts';

/** Sitemap: every category, topic, author, article and editorial page, grouped under headings. */
export function Component() {
  const { categories, topics, authors, articles, pages } = useRouteData('sitemap');
  return (
    <>
      <Seo title="Sitemap" description="Every category, topic, author and story on one page." />
      <PageHeader
        eyebrow="Index"
        title="Sitemap"
        description="Every category, topic, author and story on one page."
      />
      <div className="container sitemap">
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
        <section aria-labelledby="sitemap-articles" className="sitemap__section">
          <h2 id="sitemap-articles" className="section-title">
            Articles
          </h2>
          {groupArticles(articles).map((group) => (
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
      </div>
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
