/**
 * Server-side validation of content blocks, run by the route loaders before data reaches the page
 * or the payload. A registered block is parsed with its schema (defaults applied); an unknown block
 * or one whose props fail is marked with `error` and logged with its uid. Structural children that
 * are not blocks of their own (carousel slides, tabs, social links) were checked by their parent's
 * schema; the blocks inside them are validated in turn.
 */
import type { Block } from '../content/types.ts';
import { keep, settle } from '../content/settled.ts';
import type { BlockData } from './types.ts';
import { isBlockData } from './walk.ts';
import type { BlockSchemas } from './fields.server.ts';
import { displaySchemas } from './schemas/display.server.ts';
import { interactiveSchemas } from './schemas/interactive.server.ts';

const schemas: BlockSchemas = { ...displaySchemas, ...interactiveSchemas };

type Log = (message: string) => void;
const defaultLog: Log = (message) => console.warn(message);

function validateNested(value: unknown, log: Log): unknown {
  if (Array.isArray(value)) {
    return value.map((item) => (isBlockData(item) ? validateChild(item, log) : validateNested(item, log)));
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, validateNested(v, log)]));
  }
  return value;
}

/** A nested block: registered ones are validated; structural children are walked into. */
function validateChild(block: BlockData, log: Log): BlockData {
  if (block.component in schemas) return validateBlock(block, log);
  return { ...block, props: validateNested(block.props, log) as Record<string, unknown> };
}

/**
 * A block that will not render keeps its name, uid and reason (the draft notice shows them) but
 * none of its props: data we could not check is not shipped to the browser in the payload.
 */
function rejected(block: BlockData, error: string): BlockData {
  return { ...block, props: {}, error };
}

/** Validate one block (and the blocks inside it). */
export function validateBlock(block: BlockData, log: Log = defaultLog): BlockData {
  const schema = schemas[block.component];
  if (!schema) {
    log(`Block ${block.uid} (${block.component}) not rendered: unknown block type`);
    return rejected(block, 'unknown block type');
  }
  const parsed = schema.safeParse(block.props);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const reason = `${issue?.path.join('.') || 'props'}: ${issue?.message ?? 'invalid'}`;
    log(`Block ${block.uid} (${block.component}) not rendered: ${reason}`);
    return rejected(block, reason);
  }
  return { ...block, props: validateNested(parsed.data, log) as Record<string, unknown> };
}

/**
 * A story (an article, a page) with its body's blocks checked, as the route loaders hand it out:
 * one object per version of the story, as the content layer hands out one story object per version
 * (memoised, never changed in place), so a body is validated, and its problems logged, once per
 * version rather than on every request, and what is kept per object (its rendered markup, its
 * payload JSON) stays valid until an edit. Settled (src/content/settled.ts).
 */
export function withCheckedBody<Story extends { body: Block[] }>(story: Story): Story {
  return keep('checked body', [story], () => settle({ ...story, body: validateRichText(story.body) }));
}

/** Validate every embedded block of a rich-text tree (articles, page bodies). */
export function validateRichText(blocks: Block[], log: Log = defaultLog): Block[] {
  return blocks.map((block) => {
    switch (block.type) {
      case 'blok': {
        const { component, uid, props } = block;
        const checked = validateBlock({ component, uid, props }, log);
        return { ...block, props: checked.props, ...(checked.error ? { error: checked.error } : {}) };
      }
      case 'list':
        return { ...block, items: block.items.map((item) => validateRichText(item, log)) };
      case 'quote':
        return { ...block, children: validateRichText(block.children, log) };
      default:
        return block;
    }
  });
}
