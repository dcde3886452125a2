/** The site's wordmark, linking home. */
import { Link } from 'react-router';

/** The wordmark, linking home. */
export function Logo({ name }: { name: string }) {
  return (
    <Link to="/" className="logo" aria-label={`${name} home`}>
      <span className="logo__mark" aria-hidden="true" />
      <span className="logo__word">{name}</span>
    </Link>
  );
}
