/** Topic tiles and their grid (category landings, topics index). */
import { Link } from 'react-router';
import type { TopicSummary } from '../../content/types.ts';
import { ResponsiveImage } from '../../widgets/image/index.tsx';

/** A topic tile: block image with the name over a scrim; the whole tile is the link. */
export function TopicCard({
  topic,
  headingLevel = 'h3',
}: {
  topic: TopicSummary;
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  return (
    <article className="tile">
      <div className="tile__media">
        {topic.blockImage ? (
          <ResponsiveImage
            image={topic.blockImage}
            alt=""
            // The tile grid: two columns, three from 768px, four from 1280px.
            sizes="(min-width: 1280px) 25vw, (min-width: 768px) 33vw, 50vw"
          />
        ) : null}
      </div>
      <div className="tile__body">
        {topic.category ? <p className="tile__eyebrow">{topic.category.name}</p> : null}
        <Heading className="tile__title">
          <Link to={topic.route} className="tile__link">
            {topic.name}
          </Link>
        </Heading>
      </div>
    </article>
  );
}

/** A grid of topic tiles. */
export function TopicGrid({
  topics,
  headingLevel = 'h3',
}: {
  topics: TopicSummary[];
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <ul className="tile-grid">
      {topics.map((topic) => (
        <li key={topic.uuid}>
          <TopicCard topic={topic} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
