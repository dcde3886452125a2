/** A category's full listing of stories, paginated. */
import { Link } from 'react-router';
import { ArticleGrid } from '../../components/article-grid.tsx';
import { keptCardItem } from '../../components/kept-card-item.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { Seo } from '../../components/seo.tsx';
import { feedPath } from '../../../shared/feeds.ts';
import { pageTitle } from '../../format.ts';
import { useRouteData } from '../../site.ts';

/** Category listing (/{category}): every story of the category, paginated. */
export function Component() {
  const { category, articles } = useRouteData('listing');
  const baseTitle = category.meta.title ?? category.name;
  return (
    <>
      <Seo
        title={pageTitle(baseTitle, articles.page)}
        description={category.meta.description ?? category.description}
        pagination={articles}
        feed={{ path: feedPath('category', category.slug), title: `${category.name} stories` }}
      />
      <PageHeader
        eyebrow={articles.page > 1 ? `All stories · Page ${articles.page}` : 'All stories'}
        title={category.name}
        description={category.description}
      >
        {category.topics.length > 0 ? (
          <nav aria-label={`${category.name} topics`}>
            <ul className="chips chips--on-dark">
              <li>
                <Link to={category.route} className="chip">
                  {category.name} hub
                </Link>
              </li>
              {category.topics.map((topic) => (
                <li key={topic.uuid}>
                  <Link to={topic.route} className="chip">
                    {topic.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </PageHeader>
      <section className="section container" aria-label={`${category.name} stories`}>
        <p className="result-count">
          {articles.total} {articles.total === 1 ? 'story' : 'stories'}
        </p>
        {/* No cover in the header band: the first card's cover is the largest paint. */}
        <ArticleGrid
          kept={keptCardItem}
          articles={articles.stories}
          headingLevel="h2"
          showCategory={false}
          leading
        />
        <Pagination
          page={articles.page}
          perPage={articles.perPage}
          total={articles.total}
          label={`${category.name} pages`}
        />
      </section>
    </>
  );
}
