/**
 * The card block, in a module of its own: a home page's hero carousel holds cards, so the first
 * screen needs this renderer without the other small blocks (./basic.tsx). Its props were parsed on
 * the server with the schemas in ../schemas/display.server.ts, imported here as types only.
 */
import { defineRenderer, type BlockRenderer } from '../types.ts';
import { Card } from '../../widgets/card/index.tsx';
import type { DisplayProps } from '../schemas/display.server.ts';

export const renderers: Record<string, BlockRenderer> = {
  card: defineRenderer<DisplayProps['card']>((props) => (
    <Card
      title={props.title}
      image={props.image ?? null}
      eyebrow={props.eyebrow}
      text={props.text}
      link={props.link.trim()}
    />
  )),
};
