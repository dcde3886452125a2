/**
 * Storyblok rich text (ProseMirror JSON) → our `Block[]`. Unknown nodes and marks are dropped.
 * Storyblok's `image` node is inline (inside a paragraph); it is lifted out as an image block,
 * splitting the paragraph around it.
 */
import { z } from 'zod';
import type { Block, Inline, Mark } from '../types.ts';
import type { WireRichNode } from '../wire.ts';
import { editableOf, isRecord, nonEmpty, type MapContext } from './common.ts';
import { assetSchema, multilinkSchema, richTextSchema } from '../wire.ts';
import { toImage } from './image.ts';
import { isSafeHref, multilinkHref, richLink } from './link.ts';

const blokSchema = z.looseObject({ component: z.string().min(1), _uid: z.string().min(1) });
const levelSchema = z.number().int();

const NON_IMAGE_ASSET = /\.(mp4|webm|m4v|mov|ogv|pdf)(\?.*)?$/i;

/** Nested blocks deeper than this are dropped: CMS data is not allowed to recurse without end. */
const MAX_BLOCK_DEPTH = 8;

/** One embedded blok (`{component, _uid, ...}`) → a `blok` block; null when it lacks either key. */
export function toBlok(raw: unknown, ctx: MapContext, depth = 0): Extract<Block, { type: 'blok' }> | null {
  const parsed = blokSchema.safeParse(raw);
  if (!parsed.success || depth > MAX_BLOCK_DEPTH) return null;
  const { component, _uid, _editable, ...fields } = parsed.data;
  const props = Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, toBlockValue(value, ctx, depth)]),
  );
  return { type: 'blok', component, uid: _uid, props, ...editableOf({ _editable }, ctx) };
}

/**
 * Normalise one block field so widgets never see Storyblok shapes: an asset becomes an `Image`
 * (or null), a link becomes an href string ('' when empty), rich text becomes `Block[]`, and
 * nested bloks become `{ component, uid, props }` (normalised the same way).
 */
function toBlockValue(value: unknown, ctx: MapContext, depth: number): unknown {
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every((v) => blokSchema.safeParse(v).success)) {
      return value.flatMap((v) => {
        const nested = toBlok(v, ctx, depth + 1);
        if (!nested) return [];
        const { component, uid, props, editable } = nested;
        return [{ component, uid, props, ...(editable ? { editable } : {}) }];
      });
    }
    return value.map((v) => toBlockValue(v, ctx, depth + 1));
  }
  if (!isRecord(value)) return value;
  if (value.fieldtype === 'asset') {
    const asset = assetSchema.safeParse(value);
    if (!asset.success) return null;
    // Video and document assets are used by their URL; everything else is an image.
    const file = asset.data.filename ?? '';
    return NON_IMAGE_ASSET.test(file) ? file : toImage(asset.data, ctx);
  }
  if (value.fieldtype === 'multilink' || 'linktype' in value) {
    const link = multilinkSchema.safeParse(value);
    return (link.success ? multilinkHref(link.data) : null) ?? '';
  }
  if (value.type === 'doc') {
    const doc = richTextSchema.safeParse(value);
    return doc.success ? toRichText(doc.data, ctx) : [];
  }
  if (depth > MAX_BLOCK_DEPTH) return null;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toBlockValue(v, ctx, depth + 1)]));
}

/** A rich-text document (or null) → blocks. */
export function toRichText(doc: { content?: WireRichNode[] } | null | undefined, ctx: MapContext): Block[] {
  return toBlocks(doc?.content ?? [], ctx);
}

function toBlocks(nodes: WireRichNode[], ctx: MapContext): Block[] {
  return nodes.flatMap((node) => toBlock(node, ctx));
}

function toBlock(node: WireRichNode, ctx: MapContext): Block[] {
  const children = node.content ?? [];
  switch (node.type) {
    case 'paragraph':
      return paragraph(children, ctx);
    case 'heading':
      return [
        { type: 'heading', level: headingLevel(node.attrs?.level), children: toInlines(children, ctx) },
      ];
    case 'bullet_list':
    case 'ordered_list':
      return [
        {
          type: 'list',
          ordered: node.type === 'ordered_list',
          items: children.map((item) =>
            item.type === 'list_item' ? toBlocks(item.content ?? [], ctx) : toBlock(item, ctx),
          ),
        },
      ];
    case 'blockquote':
      return [{ type: 'quote', children: toBlocks(children, ctx) }];
    case 'code_block':
      return [{ type: 'code', text: children.map((c) => c.text ?? '').join('') }];
    case 'horizontal_rule':
      return [{ type: 'rule' }];
    case 'image':
      return imageBlock(node, ctx);
    case 'blok': {
      const body = node.attrs?.body;
      return Array.isArray(body) ? body.flatMap((item) => toBlok(item, ctx) ?? []) : [];
    }
    default:
      return [];
  }
}

/** Levels 1–2 → 2, 3 → 3, 4 and deeper → 4 (the page title is the only h1). */
function headingLevel(raw: unknown): 2 | 3 | 4 {
  const level = levelSchema.safeParse(raw);
  if (!level.success || level.data <= 2) return 2;
  return level.data === 3 ? 3 : 4;
}

function imageBlock(node: WireRichNode, ctx: MapContext): Block[] {
  const src = node.attrs?.src;
  const alt = node.attrs?.alt;
  const focus = node.attrs?.focus;
  const image = toImage(
    {
      filename: typeof src === 'string' ? src : null,
      alt: typeof alt === 'string' ? alt : null,
      focus: typeof focus === 'string' ? focus : null,
    },
    ctx,
  );
  return image ? [{ type: 'image', image }] : [];
}

function paragraph(children: WireRichNode[], ctx: MapContext): Block[] {
  if (!children.some((c) => c.type === 'image'))
    return [{ type: 'paragraph', children: toInlines(children, ctx) }];
  const blocks: Block[] = [];
  let run: WireRichNode[] = [];
  const flush = () => {
    const inlines = toInlines(run, ctx);
    if (inlines.length > 0) blocks.push({ type: 'paragraph', children: inlines });
    run = [];
  };
  for (const child of children) {
    if (child.type !== 'image') {
      run.push(child);
      continue;
    }
    flush();
    blocks.push(...imageBlock(child, ctx));
  }
  flush();
  return blocks;
}

function toInlines(nodes: WireRichNode[], ctx: MapContext): Inline[] {
  return nodes.flatMap((node): Inline[] => {
    if (node.type === 'hard_break') return [{ type: 'break' }];
    if (node.type !== 'text' || !node.text) return [];
    return [{ type: 'text', text: node.text, marks: (node.marks ?? []).flatMap((m) => toMark(m, ctx)) }];
  });
}

const SIMPLE_MARKS = ['bold', 'italic', 'underline', 'strike', 'code'] as const;

function toMark(mark: { type: string; attrs?: Record<string, unknown> }, ctx: MapContext): Mark[] {
  const simple = SIMPLE_MARKS.find((m) => m === mark.type);
  if (simple) return [{ type: simple }];
  if (mark.type !== 'link') return [];
  const href = nonEmpty(mark.attrs?.href);
  if (!href || !isSafeHref(href)) return [];
  if (mark.attrs?.linktype === 'email') {
    return [{ type: 'link', href: href.startsWith('mailto:') ? href : `mailto:${href}`, external: false }];
  }
  const anchor = nonEmpty(mark.attrs?.anchor);
  const full = anchor && !href.includes('#') ? `${href}#${anchor}` : href;
  return [{ type: 'link', ...richLink(full, ctx.siteOrigin) }];
}
