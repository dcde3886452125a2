/** The article page: header, cover, rich-text body with the sidebar, FAQs, tags and related stories. */
import { Link } from 'react-router';
import type { Article, AuthorSummary } from '../../../content/types.ts';
import { ArticleGrid } from '../../components/article-grid.tsx';
import { Once } from '../../../widgets/rendered-once/index.tsx';
import { Breadcrumb } from '../../components/breadcrumb.tsx';
import type { Crumb } from '../../components/breadcrumb.tsx';
import { FaqList } from '../../components/faq-list.tsx';
import { RichText } from '../../../blocks/rich-text.tsx';
import { Seo } from '../../components/seo.tsx';
import { formatDate } from '../../format.ts';
import { ArticleSidebar } from '../../layout/article-sidebar.tsx';
import { useRootData, useRouteData } from '../../site.ts';
import { ResponsiveImage } from '../../../widgets/image/index.tsx';

const SIDEBAR_LIMIT = 4;
/** One row of the three-column grid. */
const RELATED_LIMIT = 3;

/** Article: header, cover, body with sticky sidebar, FAQs, tags and related stories. */
export function Component() {
  const { article, related } = useRouteData('article');
  const root = useRootData();
  const categories = root?.categories ?? [];
  const draft = root?.site.draft ?? false;
  const category = categories.find((c) => c.uuid === article.category.uuid);
  const sameCategory = related.filter((r) => r.category.uuid === article.category.uuid);
  const crumbs: Crumb[] = [
    { label: 'Home', to: '/' },
    { label: article.category.name, to: article.category.route },
  ];
  if (article.topic) crumbs.push({ label: article.topic.name, to: article.topic.route });

  return (
    <article className="article">
      <Seo
        title={article.meta.title ?? article.title}
        description={article.meta.description ?? article.description}
      />
      {/* In the Visual Editor, the header opens the story's own fields (title, lede). */}
      {draft ? (
        <header className="article-header container" {...article.editable}>
          <ArticleHeader article={article} crumbs={crumbs} />
        </header>
      ) : (
        <Once as="header" className="article-header container" name="article-header" inputs={[article]}>
          <ArticleHeader article={article} crumbs={crumbs} />
        </Once>
      )}
      {article.coverImage ? (
        <div className="article-cover container">
          <ResponsiveImage image={article.coverImage} priority sizes="(min-width: 1280px) 1240px, 100vw" />
        </div>
      ) : null}
      <div className="article-layout container">
        <div className="article-main">
          <RichText blocks={article.body} className="rich-text" draft={draft} siteName={root?.site.name} />
          <FaqList faqs={article.faqs} />
          {article.tags.length > 0 ? (
            <Once
              as="section"
              className="article-tags"
              aria-labelledby="tags-heading"
              name="article-tags"
              inputs={[article]}
            >
              <h2 id="tags-heading" className="article-tags__heading">
                Tags
              </h2>
              <ul className="chips">
                {article.tags.map((tag) => (
                  <li key={tag} className="chip chip--static">
                    {tag}
                  </li>
                ))}
              </ul>
            </Once>
          ) : null}
        </div>
        <ArticleSidebar
          category={article.category}
          articles={(sameCategory.length > 0 ? sameCategory : related).slice(0, SIDEBAR_LIMIT)}
          topics={category?.topics ?? (article.topic ? [article.topic] : [])}
          currentTopicUuid={article.topic?.uuid ?? null}
        />
      </div>
      {related.length > 0 ? (
        <section className="section section--tinted" aria-labelledby="related-heading">
          <div className="container">
            <h2 id="related-heading" className="section-title">
              Keep reading
            </h2>
            <ArticleGrid articles={related.slice(0, RELATED_LIMIT)} />
          </div>
        </section>
      ) : null}
    </article>
  );
}

/** Breadcrumb, eyebrow, title, lede and byline. */
function ArticleHeader({ article, crumbs }: { article: Article; crumbs: Crumb[] }) {
  return (
    <>
      <Breadcrumb items={crumbs} />
      <p className="eyebrow">{article.topic?.name ?? article.category.name}</p>
      <h1 className="article-header__title">{article.title}</h1>
      {article.description ? <p className="article-header__lede">{article.description}</p> : null}
      <Byline article={article} />
    </>
  );
}

function Byline({ article }: { article: Article }) {
  const published = article.firstPublishedAt ?? article.publishedAt;
  const updated = article.publishedAt;
  const publishedText = formatDate(published);
  const updatedText = formatDate(updated);
  const { author, contributors } = article;
  return (
    <div className="byline">
      {author?.photo ? (
        <div className="byline__photo">
          <ResponsiveImage image={author.photo} alt="" sizes="48px" />
        </div>
      ) : null}
      <div className="byline__text">
        {author ? (
          <p className="byline__author">
            By <Link to={author.route}>{author.name}</Link>
          </p>
        ) : null}
        {contributors.length > 0 ? (
          <p className="byline__contributors">
            With contributions from <PeopleList people={contributors} />
          </p>
        ) : null}
        <p className="byline__dates">
          {published && publishedText ? (
            <span>
              Published <time dateTime={published}>{publishedText}</time>
            </span>
          ) : null}
          {updated && updatedText && updatedText !== publishedText ? (
            <span>
              Updated <time dateTime={updated}>{updatedText}</time>
            </span>
          ) : null}
        </p>
      </div>
    </div>
  );
}

/** "A", "A and B", "A, B and C" as links. */
function PeopleList({ people }: { people: AuthorSummary[] }) {
  return (
    <>
      {people.map((person, i) => (
        <span key={person.uuid}>
          {i > 0 ? (i === people.length - 1 ? ' and ' : ', ') : null}
          <Link to={person.route}>{person.name}</Link>
        </span>
      ))}
    </>
  );
}
