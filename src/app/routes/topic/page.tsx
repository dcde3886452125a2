/** A topic's page: header and its stories, paginated. */
import type { Crumb } from '../../components/breadcrumb.tsx';
import { ArticleGrid } from '../../components/article-grid.tsx';
import { keptCardItem } from '../../components/kept-card-item.tsx';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { Seo } from '../../components/seo.tsx';
import { feedPath } from '../../../shared/feeds.ts';
import { pageTitle } from '../../format.ts';
import { useRouteData } from '../../site.ts';

/** Topic (/t/{slug}): cover hero with category breadcrumb, stories, pagination. */
export function Component() {
  const { topic, articles } = useRouteData('topic');
  const crumbs: Crumb[] = [{ label: 'Home', to: '/' }];
  if (topic.category) crumbs.push({ label: topic.category.name, to: topic.category.route });
  else crumbs.push({ label: 'Topics', to: '/t' });
  return (
    <>
      <Seo
        title={pageTitle(topic.meta.title ?? topic.name, articles.page)}
        description={topic.meta.description ?? topic.description}
        pagination={articles}
        feed={{ path: feedPath('topic', topic.slug), title: `${topic.name} stories` }}
      />
      <PageHeader
        cover={topic.coverImage}
        before={<Breadcrumb items={crumbs} className="breadcrumb--on-dark" />}
        eyebrow={articles.page > 1 ? `Topic · Page ${articles.page}` : 'Topic'}
        title={topic.name}
        description={topic.description}
      />
      <section className="section container" aria-label={`${topic.name} stories`}>
        <p className="result-count">
          {articles.total} {articles.total === 1 ? 'story' : 'stories'}
        </p>
        <ArticleGrid
          kept={keptCardItem}
          articles={articles.stories}
          headingLevel="h2"
          leading={!topic.coverImage}
        />
        <Pagination
          page={articles.page}
          perPage={articles.perPage}
          total={articles.total}
          label={`${topic.name} pages`}
        />
      </section>
    </>
  );
}
