/** The topics index, grouped by category. */
import type { Topic } from '../../../content/types.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Seo } from '../../components/seo.tsx';
import { TopicGrid } from '../../components/topic-card.tsx';
import { useRouteData } from '../../site.ts';

/** Topics index (/t): every topic, grouped by its category. */
export function Component() {
  const { topics } = useRouteData('topics');
  const groups = groupByCategory(topics);
  return (
    <>
      <Seo title="Topics" description="Every topic we cover, from footwork drills to recovery and gear." />
      <PageHeader eyebrow="Browse" title="Topics" description="Pick a topic and go deep." />
      {groups.map((group) => (
        <section key={group.key} className="section container" aria-labelledby={`topics-${group.key}`}>
          <h2 id={`topics-${group.key}`} className="section-title">
            {group.name}
          </h2>
          <TopicGrid topics={group.topics} />
        </section>
      ))}
    </>
  );
}

type Group = { key: string; name: string; topics: Topic[] };

/** Groups in first-seen order; topics without a category go last under "More topics". */
function groupByCategory(topics: Topic[]): Group[] {
  const groups = new Map<string, Group>();
  const loose: Topic[] = [];
  for (const topic of topics) {
    if (!topic.category) {
      loose.push(topic);
      continue;
    }
    const group = groups.get(topic.category.uuid) ?? {
      key: topic.category.slug,
      name: topic.category.name,
      topics: [],
    };
    group.topics.push(topic);
    groups.set(topic.category.uuid, group);
  }
  const out = [...groups.values()];
  if (loose.length > 0) out.push({ key: 'more', name: 'More topics', topics: loose });
  return out;
}
