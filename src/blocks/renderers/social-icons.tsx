/**
 * The social_icons block. Its props were parsed on the server with the
 * schemas in ../schemas/display.server.ts, imported here as types only, so no validator ships to the browser.
 */
import { defineRenderer, type BlockRenderer } from '../types.ts';
import { SocialIcons, type SocialEntry } from '../../widgets/social-icons/index.tsx';
import type { DisplayProps } from '../schemas/display.server.ts';

/** Only `social_link` blocks count; other nested blocks are ignored (the schema checks the same). */
function toSocialEntries(links: DisplayProps['social_icons']['links']): SocialEntry[] {
  return links
    .filter((link) => link.component === 'social_link')
    .map((link) => ({ name: link.props.name, url: link.props.url }));
}

export const renderers: Record<string, BlockRenderer> = {
  social_icons: defineRenderer<DisplayProps['social_icons']>((props, ctx) => (
    <SocialIcons
      links={toSocialEntries(props.links)}
      brand={props.brand.trim() || ctx.siteName}
      background={props.background}
      size={props.size}
      rotation={props.rotation}
    />
  )),
};
