/** The site's wordmark, linking home. */
import { SiteLink } from '../../widgets/button/site-link.tsx';

/** The wordmark, linking home. */
export function Logo({ name }: { name: string }) {
  return (
    <SiteLink to="/" className="logo" aria-label={`${name} home`}>
      <span className="logo__mark" aria-hidden="true" />
      <span className="logo__word">{name}</span>
    </SiteLink>
  );
}
