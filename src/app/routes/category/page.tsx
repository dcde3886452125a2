/** A category's landing page: header, topics and its latest stories. */
import { Link } from 'react-router';
import { ButtonLink } from '../../../widgets/button/index.tsx';
import { ArticleGrid } from '../../components/article-grid.tsx';
import { keptCardItem } from '../../components/kept-card-item.tsx';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Seo } from '../../components/seo.tsx';
import { feedPath } from '../../../shared/feeds.ts';
import { TopicGrid } from '../../components/topic-card.tsx';
import { useRouteData } from '../../site.ts';

/** Category landing (/c/{slug}): cover hero, topics as tiles, newest stories, link to the listing. */
export function Component() {
  const { category, articles } = useRouteData('category');
  return (
    <>
      <Seo
        title={category.meta.title ?? category.name}
        description={category.meta.description ?? category.description}
        feed={{ path: feedPath('category', category.slug), title: `${category.name} stories` }}
      />
      <PageHeader
        cover={category.coverImage}
        before={
          <Breadcrumb
            className="breadcrumb--on-dark"
            items={[
              { label: 'Home', to: '/' },
              { label: 'Categories', to: '/c' },
            ]}
          />
        }
        eyebrow="Category"
        title={category.name}
        description={category.description}
      >
        <p>
          <ButtonLink to={category.listingRoute}>All {category.name} stories</ButtonLink>
        </p>
      </PageHeader>
      {category.topics.length > 0 ? (
        <section className="section container" aria-labelledby="topics-heading">
          <h2 id="topics-heading" className="section-title">
            Topics
          </h2>
          <TopicGrid topics={category.topics} />
        </section>
      ) : null}
      <section className="section section--tinted" aria-labelledby="latest-heading">
        <div className="container">
          <div className="section__head">
            <h2 id="latest-heading" className="section-title">
              Latest in {category.name}
            </h2>
            <Link to={category.listingRoute} className="text-link">
              See all <span className="visually-hidden">{category.name} stories</span>
              <span aria-hidden="true">→</span>
            </Link>
          </div>
          <ArticleGrid kept={keptCardItem} articles={articles} showCategory={false} />
        </div>
      </section>
    </>
  );
}
