/** The home page: the home story's blocks (or the newest story as a hero), then the feed with "Load more". */
import { useEffect, useState } from 'react';
import type { MouseEvent } from 'react';
import { Link, useFetcher } from 'react-router';
import type { ArticleCard, Paginated } from '../../../content/types.ts';
import { ButtonFace, ButtonLink } from '../../../widgets/button/index.tsx';
import { RegionImageSizes, ResponsiveImage } from '../../../widgets/image/index.tsx';
import { ArticleGrid } from '../../components/article-grid.tsx';
import { keptCardItem } from '../../components/kept-card-item.tsx';
import { isKept, type ListedCard } from '../../kept-cards.ts';
import { PageBlocks, pageBlocks } from '../../components/page-blocks.tsx';
import { Seo } from '../../components/seo.tsx';
import { feedPath } from '../../../shared/feeds.ts';
import { formatDate } from '../../format.ts';
import { useRouteData, useSite } from '../../site.ts';
import type { HomeData } from './data.ts';

/**
 * Home: the `pages/home` story's blocks (a hero carousel among them) when editors have built it,
 * else the newest story as a hero; then the feed with "Load more".
 */
export function Component() {
  const { page, articles } = useRouteData('home');
  const site = useSite();
  const firstPage = articles.page <= 1;
  const blocks = firstPage ? pageBlocks(page) : [];
  const [hero, ...rest] = articles.stories;
  // The first story is always whole in the payload (kept-cards.ts), so it can be the hero.
  const showHero = firstPage && blocks.length === 0 && hero !== undefined && !isKept(hero);
  return (
    <>
      <Seo
        title={firstPage ? (page?.meta.title ?? null) : `Latest stories – Page ${articles.page}`}
        description={firstPage ? page?.meta.description : undefined}
        feed={{ path: feedPath('site'), title: 'Latest stories' }}
        pagination={articles}
      />
      <h1 className="visually-hidden">
        {firstPage ? site.defaultTitle : `Latest stories, page ${articles.page}`}
      </h1>
      {/* Home's blocks span the viewport: a card in the carousel is as wide as the screen. Their
          section has a heading of its own, so the cards' h3 titles sit under an h2 (heading order). */}
      {blocks.length > 0 ? (
        <section aria-labelledby="featured-heading">
          <h2 id="featured-heading" className="visually-hidden">
            Featured
          </h2>
          <RegionImageSizes value="100vw">
            <PageBlocks blocks={blocks} className="page-blocks" />
          </RegionImageSizes>
        </section>
      ) : null}
      {showHero ? <Hero article={hero} /> : null}
      <section className="section container" aria-labelledby="feed-heading">
        <div className="section__head">
          <h2 id="feed-heading" className="section-title">
            {firstPage ? 'Latest stories' : `Latest stories · Page ${articles.page}`}
          </h2>
          {firstPage ? null : (
            <Link to="/" className="text-link">
              Back to the newest <span aria-hidden="true">→</span>
            </Link>
          )}
        </div>
        {/* Keyed by page so a server-rendered ?page=N starts its own feed. */}
        <Feed
          key={articles.page}
          initial={articles}
          stories={showHero ? rest : articles.stories}
          leading={blocks.length === 0 && !showHero}
        />
      </section>
    </>
  );
}

function Hero({ article }: { article: ArticleCard }) {
  const { date } = article;
  return (
    <section className="hero" aria-labelledby="hero-heading">
      <div className="container hero__grid">
        <div className="hero__media">
          {article.coverImage ? (
            <ResponsiveImage
              image={article.coverImage}
              alt=""
              priority
              sizes="(min-width: 960px) 60vw, 100vw"
            />
          ) : null}
        </div>
        <div className="hero__body">
          <p className="eyebrow eyebrow--on-dark">
            <span className="hero__flag">Latest</span> {article.category.name}
          </p>
          <h2 id="hero-heading" className="hero__title">
            <Link to={article.path} className="hero__link">
              {article.title}
            </Link>
          </h2>
          {article.description ? <p className="hero__description">{article.description}</p> : null}
          <p className="hero__meta">
            {article.author ? <span>{`By ${article.author.name}`}</span> : null}
            {date ? <time dateTime={date}>{formatDate(date)}</time> : null}
          </p>
          <ButtonFace className="hero__cta">Read the story</ButtonFace>
        </div>
      </div>
    </section>
  );
}

type FeedProps = {
  initial: Paginated<ListedCard>;
  stories: ListedCard[];
  /** Nothing above the feed (a later page): its first cover is the largest paint. */
  leading: boolean;
};

/**
 * The story grid and its "Load more" control: a real `?page=N` link (works without JavaScript);
 * with JavaScript a fetcher loads the next page's data and appends it in place.
 */
function Feed({ initial, stories, leading }: FeedProps) {
  const fetcher = useFetcher<HomeData>();
  const [loaded, setLoaded] = useState<Paginated<ArticleCard>[]>([]);

  useEffect(() => {
    const next = fetcher.data?.articles;
    if (fetcher.state !== 'idle' || !next) return;
    setLoaded((pages) => (pages.some((p) => p.page === next.page) ? pages : [...pages, next]));
  }, [fetcher.data, fetcher.state]);

  const last = loaded.at(-1) ?? initial;
  const nextPage = last.page + 1;
  const seen = new Set<string>();
  const all = [...stories, ...loaded.flatMap((p) => p.stories)].filter((article) => {
    if (seen.has(article.uuid)) return false;
    seen.add(article.uuid);
    return true;
  });
  const busy = fetcher.state !== 'idle';

  function loadMore(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    if (!busy) fetcher.load(`/?index&page=${nextPage}`);
  }

  return (
    <>
      <ArticleGrid kept={keptCardItem} articles={all} leading={leading} />
      <p className="visually-hidden" role="status">
        {loaded.length > 0 ? `${all.length} stories shown` : ''}
      </p>
      {last.canFetchMore ? (
        <div className="load-more">
          <ButtonLink
            to={`/?page=${nextPage}`}
            size="large"
            onClick={loadMore}
            aria-disabled={busy || undefined}
            preventScrollReset
          >
            {busy ? 'Loading…' : 'Load more stories'}
          </ButtonLink>
        </div>
      ) : null}
    </>
  );
}
