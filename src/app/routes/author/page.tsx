/** An author's page: profile, social links and their stories, paginated. */
import { ArticleGrid } from '../../components/article-grid.tsx';
import { keptCardItem } from '../../components/kept-card-item.tsx';
import { initials } from '../../components/author-card.tsx';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { Seo } from '../../components/seo.tsx';
import { feedPath } from '../../../shared/feeds.ts';
import { SocialIcons } from '../../../widgets/social-icons/index.tsx';
import { pageTitle } from '../../format.ts';
import { useRouteData } from '../../site.ts';
import { ResponsiveImage } from '../../../widgets/image/index.tsx';

/** Author (/author/{slug}): portrait, bio, social links, then their stories (written or contributed). */
export function Component() {
  const { author, articles } = useRouteData('author');
  return (
    <>
      <Seo
        title={pageTitle(author.meta.title ?? author.name, articles.page)}
        description={author.meta.description ?? author.bio}
        pagination={articles}
        feed={{ path: feedPath('author', author.slug), title: `Stories by ${author.name}` }}
      />
      <header className="profile">
        <div className="container profile__inner">
          <div className="profile__photo">
            {author.photo ? (
              <ResponsiveImage
                image={author.photo}
                alt={`Portrait of ${author.name}`}
                priority
                sizes="200px"
              />
            ) : (
              <span aria-hidden="true">{initials(author.name)}</span>
            )}
          </div>
          <div className="profile__body">
            <Breadcrumb
              className="breadcrumb--on-dark"
              items={[
                { label: 'Home', to: '/' },
                { label: 'Authors', to: '/author' },
              ]}
            />
            <h1 className="profile__name">{author.name}</h1>
            {author.bio ? <p className="profile__bio">{author.bio}</p> : null}
            <SocialIcons
              look="chrome"
              links={author.socialLinks}
              brand={author.name}
              className="social-icons--on-dark"
            />
          </div>
        </div>
      </header>
      <section className="section container" aria-labelledby="author-articles">
        <div className="section__head">
          <h2 id="author-articles" className="section-title">
            Articles by {author.name}
          </h2>
          <p className="result-count">
            {articles.total} {articles.total === 1 ? 'story' : 'stories'}
            {articles.page > 1 ? ` · Page ${articles.page}` : ''}
          </p>
        </div>
        <ArticleGrid
          kept={keptCardItem}
          articles={articles.stories}
          emptyText={`${author.name} has not published any stories yet.`}
        />
        <Pagination
          page={articles.page}
          perPage={articles.perPage}
          total={articles.total}
          label={`Pages of stories by ${author.name}`}
        />
      </section>
    </>
  );
}
