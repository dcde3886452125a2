/** An author's card on the authors index, with initials when there is no photo. */
import { Link } from 'react-router';
import type { Author } from '../../content/types.ts';
import { ResponsiveImage } from '../../widgets/image/index.tsx';

/** An author in the index: round portrait, name (the link) and a short bio. */
export function AuthorCard({ author }: { author: Author }) {
  return (
    <article className="author-card">
      <div className="author-card__photo">
        {author.photo ? (
          <ResponsiveImage image={author.photo} alt="" sizes="96px" />
        ) : (
          <span aria-hidden="true">{initials(author.name)}</span>
        )}
      </div>
      <div>
        <h2 className="author-card__name">
          <Link to={author.route} className="author-card__link">
            {author.name}
          </Link>
        </h2>
        {author.bio ? <p className="author-card__bio">{author.bio}</p> : null}
      </div>
    </article>
  );
}

/** "Jo Bloggs" → "JB", for authors without a photo. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}
