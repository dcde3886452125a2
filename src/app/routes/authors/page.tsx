/** The authors index. */
import { AuthorCard } from '../../components/author-card.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Seo } from '../../components/seo.tsx';
import { useRouteData } from '../../site.ts';

/** Authors index (/author): coaches, athletes and writers. */
export function Component() {
  const { authors } = useRouteData('authors');
  return (
    <>
      <Seo title="Authors" description="The coaches, athletes and writers behind our stories." />
      <PageHeader
        eyebrow="In our corner"
        title="Authors"
        description="The coaches, athletes and writers behind our stories."
      />
      <section className="section container" aria-label="All authors">
        <ul className="author-grid">
          {authors.map((author) => (
            <li key={author.uuid}>
              <AuthorCard author={author} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
