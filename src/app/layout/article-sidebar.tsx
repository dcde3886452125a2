/** The article page's sidebar: related stories and the sidebar sign-up. */
import { Link } from 'react-router';
import type { ArticleCard, CategorySummary, NavTopic } from '../../content/types.ts';
import { SidebarSignup } from './signup-island.ts';
import { PRIVACY_PATH } from '../../shared/editorial-pages.ts';
import { ResponsiveImage } from '../../widgets/image/index.tsx';
import { Once } from '../../widgets/rendered-once/index.tsx';

export const SIDEBAR_SIGNUP_HEADLINE = 'Never miss a round';

export type ArticleSidebarProps = {
  category: CategorySummary;
  /** Stories to list under "More in {category}" (the page passes same-category related stories). */
  articles: ArticleCard[];
  topics: NavTopic[];
  currentTopicUuid?: string | null;
};

/**
 * The sidebar of article pages: more stories from the category and its topics (sticky on wide
 * screens), then a compact newsletter sign-up. The sticky part rides in its own track so it never
 * covers the sign-up, and the sign-up is never clipped by the sticky part's height limit.
 */
export function ArticleSidebar({ category, articles, topics, currentTopicUuid }: ArticleSidebarProps) {
  return (
    <aside className="sidebar" aria-labelledby="sidebar-heading">
      <Once
        as="div"
        className="sidebar__track"
        name="article-sidebar"
        inputs={[category, currentTopicUuid, topics.length, ...topics, ...articles]}
      >
        <div className="sidebar__inner">
          <h2 id="sidebar-heading" className="sidebar__heading">
            More in {category.name}
          </h2>
          {articles.length > 0 ? (
            <ol className="sidebar__list">
              {articles.map((article) => (
                <li key={article.uuid} className="sidebar__item">
                  {article.coverImage ? (
                    <div className="sidebar__thumb">
                      <ResponsiveImage image={article.coverImage} alt="" sizes="80px" />
                    </div>
                  ) : null}
                  <Link to={article.path} className="sidebar__link">
                    {article.title}
                  </Link>
                </li>
              ))}
            </ol>
          ) : null}
          <Link to={category.listingRoute} className="text-link">
            All {category.name} stories <span aria-hidden="true">→</span>
          </Link>
          {topics.length > 0 ? (
            <>
              <h2 className="sidebar__heading sidebar__heading--small">Topics</h2>
              <ul className="chips">
                {topics.map((topic) => (
                  <li key={topic.uuid}>
                    <Link
                      to={topic.route}
                      className="chip"
                      aria-current={topic.uuid === currentTopicUuid ? 'true' : undefined}
                    >
                      {topic.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </Once>
      <SidebarSignup
        source="sidebar"
        headline={SIDEBAR_SIGNUP_HEADLINE}
        text="The week's best workout, by email."
        tone="light"
        variant="compact"
        privacyLink={PRIVACY_PATH}
        className="sidebar__signup"
      />
    </aside>
  );
}
