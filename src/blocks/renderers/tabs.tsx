/**
 * The tabs block (tab children hold nested blocks). Its props were parsed on the server with the
 * schemas in ../schemas/display.server.ts, imported here as types only, so no validator ships to the browser.
 */
import { defineRenderer, type BlockRenderer } from '../types.ts';
import { Tabs } from '../../widgets/tabs/index.tsx';
import type { DisplayProps } from '../schemas/display.server.ts';

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
