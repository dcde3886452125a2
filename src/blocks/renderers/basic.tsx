/**
 * The small blocks, loaded together: button, short_text, rating, announcement, snack_bar and
 * pre_header (card has its own module: carousel slides on a page's first screen hold cards). Their props were parsed on the server with the schemas in ../schemas/display.server.ts
 * and ../schemas/interactive.server.ts, imported here as types only, so no validator ships to the
 * browser.
 */
import type { Block } from '../../content/types.ts';
import { RichTextContent } from '../rich-text-tree.tsx';
import { defineRenderer, type BlockData, type BlockRenderer } from '../types.ts';
import { AnnouncementBanner } from '../../widgets/announcement-banner/index.tsx';
import { LinkButton } from '../../widgets/button/index.tsx';
import { PreHeader } from '../../widgets/pre-header/index.tsx';
import { Rating } from '../../widgets/rating/index.tsx';
import { ShortText } from '../../widgets/short-text/index.tsx';
import { SnackBar } from '../../widgets/snack-bar/index.tsx';
import type { DisplayProps } from '../schemas/display.server.ts';
import type { InteractiveProps } from '../schemas/interactive.server.ts';

export const renderers: Record<string, BlockRenderer> = {
  button: defineRenderer<DisplayProps['button']>((props) => (
    <LinkButton link={props.link} variant={props.variant} size={props.size}>
      {props.text}
    </LinkButton>
  )),

  short_text: defineRenderer<DisplayProps['short_text']>((props, ctx) => (
    <ShortText
      headline={props.headline}
      text={props.text}
      body={
        props.body.length > 0 ? (
          <RichTextContent
            blocks={props.body}
            renderBlok={(blok: Extract<Block, { type: 'blok' }>) =>
              // The server validated embedded blocks too; keep its verdict so an invalid one is not rendered.
              ctx.renderBlocks([
                {
                  component: blok.component,
                  uid: blok.uid,
                  props: blok.props,
                  ...(blok.error === undefined ? {} : { error: blok.error }),
                } satisfies BlockData,
              ])
            }
          />
        ) : undefined
      }
    />
  )),

  rating: defineRenderer<DisplayProps['rating']>((props) => (
    <Rating filled={props.filled} label={props.label} />
  )),

  announcement: defineRenderer<DisplayProps['announcement']>((props) => (
    <AnnouncementBanner
      active={props.active}
      theme={props.theme}
      headline={props.headline}
      text={props.text}
      cta={props.cta_text && props.cta_link ? { url: props.cta_link, text: props.cta_text } : null}
      className="announcement--block"
    />
  )),

  snack_bar: defineRenderer<InteractiveProps['snack_bar']>((props) => (
    <SnackBar text={props.text} ctaText={props.cta_text} ctaLink={props.cta_link} />
  )),

  pre_header: defineRenderer<InteractiveProps['pre_header']>((props) => (
    <PreHeader text={props.text} link={props.link} />
  )),
};
