/** The categories index. */
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { Seo } from '../../components/seo.tsx';
import { useRouteData } from '../../site.ts';
import { ResponsiveImage } from '../../../widgets/image/index.tsx';

/** Categories index (/c): a large card per category with its image, description and topic count. */
export function Component() {
  const { categories } = useRouteData('categories');
  return (
    <>
      <Seo title="Categories" description="Training, technique, gear, wellness and news: find your corner." />
      <PageHeader eyebrow="Browse" title="Categories" description="Find your corner." />
      <section className="section container" aria-label="All categories">
        <ul className="feature-grid">
          {categories.map((category) => {
            const image = category.blockImage ?? category.coverImage;
            return (
              <li key={category.uuid}>
                <article className="feature-card">
                  <div className="feature-card__media">
                    {image ? (
                      <ResponsiveImage image={image} alt="" sizes="(min-width: 960px) 50vw, 100vw" />
                    ) : null}
                  </div>
                  <div className="feature-card__body">
                    <p className="feature-card__meta">
                      {category.topics.length} {category.topics.length === 1 ? 'topic' : 'topics'}
                    </p>
                    <h2 className="feature-card__title">
                      <Link to={category.route} className="feature-card__link">
                        {category.name}
                      </Link>
                    </h2>
                    {category.description ? (
                      <p className="feature-card__description">{category.description}</p>
                    ) : null}
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
