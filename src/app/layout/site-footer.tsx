/** The site footer: sign-up, brand, socials and link columns. */
import { Link } from 'react-router';
import type { Layout, NavCategory } from '../../content/types.ts';
import { Logo } from '../components/logo.tsx';
import { Once } from '../../widgets/rendered-once/index.tsx';
import { SocialIcons } from '../../widgets/social-icons/index.tsx';
import type { SiteInfo } from '../route-data.ts';
import { FooterSignup } from './signup-island.ts';
import { ABOUT_PATH, PRIVACY_PATH, TERMS_PATH } from '../../shared/editorial-pages.ts';

export type SiteFooterProps = {
  site: SiteInfo;
  layout: Layout;
  categories: NavCategory[];
  inert?: boolean;
};

export const FOOTER_SIGNUP_HEADLINE = 'Get a round in your inbox';

/**
 * Footer: newsletter sign-up (its consent line links to the privacy policy), brand and socials,
 * category links, explore links, the site's own pages (about, privacy, terms), then the copyright line.
 */
export function SiteFooter({ site, layout, categories, inert }: SiteFooterProps) {
  return (
    <footer className="site-footer" inert={inert}>
      <div className="container site-footer__signup">
        <FooterSignup
          source="footer"
          headline={FOOTER_SIGNUP_HEADLINE}
          text="One workout, one technique cue and the best of the blog, every week."
          tone="dark"
          privacyLink={PRIVACY_PATH}
        />
      </div>
      <Once
        as="div"
        className="container site-footer__grid"
        name="site-footer"
        inputs={[site.name, layout, ...categories]}
      >
        <div className="site-footer__brand">
          <Logo name={site.name} />
          {layout.tagline ? <p className="site-footer__tagline">{layout.tagline}</p> : null}
          <SocialIcons look="chrome" links={layout.socialLinks} brand={site.name} />
        </div>
        <nav aria-label="Categories" className="site-footer__col">
          <h2 className="site-footer__heading">Categories</h2>
          <ul>
            {categories.map((category) => (
              <li key={category.uuid}>
                <Link to={category.listingRoute}>{category.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Explore" className="site-footer__col">
          <h2 className="site-footer__heading">Explore</h2>
          <ul>
            <li>
              <Link to="/c">All categories</Link>
            </li>
            <li>
              <Link to="/t">Topics</Link>
            </li>
            <li>
              <Link to="/author">Authors</Link>
            </li>
            <li>
              <Link to="/sitemap">Sitemap</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={`About ${site.name}`} className="site-footer__col">
          <h2 className="site-footer__heading">{site.name}</h2>
          <ul>
            <li>
              <Link to={ABOUT_PATH}>About us</Link>
            </li>
            <li>
              <Link to={PRIVACY_PATH}>Privacy policy</Link>
            </li>
            <li>
              <Link to={TERMS_PATH}>Terms of use</Link>
            </li>
          </ul>
        </nav>
      </Once>
      <div className="site-footer__bottom">
        <div className="container">
          <p>{`© 2017–${site.year} ${site.name}`}</p>
        </div>
      </div>
    </footer>
  );
}
