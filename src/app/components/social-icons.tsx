/** The site chrome's row of social links (footer, author profiles). */
import { SOCIAL_LABELS, SocialIcon, usableSocialLinks } from '../../widgets/social-icons/index.tsx';
import type { SocialLink } from '../../content/types.ts';

// One icon set for the whole site: the glyphs and network names live in the social-icons widget.
export { SocialIcon } from '../../widgets/social-icons/index.tsx';

export type SocialIconsProps = {
  links: SocialLink[];
  /** Whose profiles these are: "Roundhouse" gives "Roundhouse on Instagram". */
  owner: string;
  className?: string;
};

/**
 * The footer/profile row (site chrome styling, components.css). Each link is named
 * "{owner} on {Network}"; unsupported names and entries without a URL are skipped.
 */
export function SocialIcons({ links, owner, className }: SocialIconsProps) {
  const usable = usableSocialLinks(links);
  if (usable.length === 0) return null;
  return (
    <ul className={['social-icons', className].filter(Boolean).join(' ')}>
      {usable.map((link) => (
        <li key={`${link.name}-${link.url}`}>
          <a
            href={link.url}
            className="social-icons__link"
            aria-label={`${owner} on ${SOCIAL_LABELS[link.name]}`}
            rel="noopener noreferrer"
          >
            <SocialIcon name={link.name} />
          </a>
        </li>
      ))}
    </ul>
  );
}
