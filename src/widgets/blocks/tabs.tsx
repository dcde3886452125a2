/**
 * The tabs block (tab children hold nested blocks). Its props were parsed on the server with the
 * schemas in ./display.schemas.server.ts, imported here as types only, so no validator ships to the browser.
 */
import { defineRenderer, type BlockRenderer } from '../block-kit.tsx';
import { Tabs } from '../tabs/index.tsx';
import type { DisplayProps } from './display.schemas.server.ts';

export const renderers: Record<string, BlockRenderer> = {
  tabs: defineRenderer<DisplayProps['tabs']>((props, ctx) => (
    <Tabs
      label={props.label || undefined}
      items={props.tabs.map((tab) => ({
        key: tab.uid,
        name: tab.props.name,
        content: ctx.renderBlocks(tab.props.body),
      }))}
    />
  )),
};
