/**
 * The few fields the local editor offers for a story, found in the story itself: its title, its
 * lede, the first paragraph of its rich text and one text prop of its first nested block. Each
 * names the JSON path it edits and the block (`_uid`) it belongs to, so a click on that block in
 * the preview can focus it.
 */
import { isObject, type JsonObject } from '../content-service/paths.ts';

export type FieldPath = (string | number)[];

export type EditorField = {
  /** Stable name, also the control's id suffix. */
  name: 'title' | 'lede' | 'paragraph' | 'block';
  label: string;
  /** What the field is in the story, for the editor's eyes. */
  hint: string;
  /** Where the value sits in the story (for `paragraph`, the paragraph node). */
  path: FieldPath;
  /** `text`: a string at `path`; `paragraph`: the text of the rich-text paragraph at `path`. */
  kind: 'text' | 'paragraph';
  value: string;
  multiline: boolean;
  /** The `_uid` of the block the field belongs to. */
  uid: string;
};

const TITLE_KEYS = ['title', 'name'] as const;
const LEDE_KEYS = ['lede', 'excerpt', 'description', 'bio'] as const;
/** Block props worth editing, best first. */
const BLOCK_PROPS = ['title', 'headline', 'label', 'question', 'text', 'cta'] as const;
const LONG_PROPS = new Set(['text', 'answer']);

const firstString = (content: JsonObject, keys: readonly string[]) =>
  keys.find((key) => typeof content[key] === 'string');

/** The plain text of a rich-text node (hard breaks as newlines). */
function plainText(node: unknown): string {
  if (!isObject(node)) return '';
  if (node.type === 'text') return typeof node.text === 'string' ? node.text : '';
  if (node.type === 'hard_break') return '\n';
  return Array.isArray(node.content) ? node.content.map(plainText).join('') : '';
}

/** The first paragraph of a rich-text document, depth first, with its path inside the document. */
function firstParagraph(node: unknown, path: FieldPath): { node: JsonObject; path: FieldPath } | null {
  if (!isObject(node)) return null;
  if (node.type === 'paragraph') return { node, path };
  if (!Array.isArray(node.content)) return null;
  for (const [index, child] of node.content.entries()) {
    const found = firstParagraph(child, [...path, 'content', index]);
    if (found) return found;
  }
  return null;
}

/** The first nested block (document order) with an editable text prop. */
function firstBlockProp(
  value: unknown,
  path: FieldPath,
): { block: JsonObject; prop: string; path: FieldPath } | null {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = firstBlockProp(item, [...path, index]);
      if (found) return found;
    }
    return null;
  }
  if (!isObject(value)) return null;
  if (typeof value._uid === 'string' && typeof value.component === 'string') {
    const prop = firstString(value, BLOCK_PROPS);
    if (prop) return { block: value, prop, path: [...path, prop] };
  }
  for (const [key, child] of Object.entries(value)) {
    const found = firstBlockProp(child, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** The editable fields of a story (as the draft API returns it); none for a story without content. */
export function editorFields(story: JsonObject): EditorField[] {
  const content = story.content;
  if (!isObject(content) || typeof content._uid !== 'string') return [];
  const uid = content._uid;
  const component = typeof content.component === 'string' ? content.component : 'story';
  const fields: EditorField[] = [];

  const titleKey = firstString(content, TITLE_KEYS);
  fields.push(
    titleKey
      ? {
          name: 'title',
          label: 'Title',
          hint: `The ${component}'s ${titleKey}.`,
          path: ['content', titleKey],
          kind: 'text',
          value: String(content[titleKey]),
          multiline: false,
          uid,
        }
      : {
          name: 'title',
          label: 'Title',
          hint: `The story's name (the ${component} has no title field).`,
          path: ['name'],
          kind: 'text',
          value: typeof story.name === 'string' ? story.name : '',
          multiline: false,
          uid,
        },
  );

  const ledeKey = firstString(content, LEDE_KEYS);
  if (ledeKey) {
    fields.push({
      name: 'lede',
      label: 'Lede',
      hint: `The ${component}'s ${ledeKey}.`,
      path: ['content', ledeKey],
      kind: 'text',
      value: String(content[ledeKey]),
      multiline: true,
      uid,
    });
  }

  for (const [key, value] of Object.entries(content)) {
    if (!isObject(value) || value.type !== 'doc') continue;
    const paragraph = firstParagraph(value, ['content', key]);
    if (!paragraph) continue;
    const runs = Array.isArray(paragraph.node.content) ? paragraph.node.content : [];
    const formatted = runs.length > 1;
    fields.push({
      name: 'paragraph',
      label: 'First paragraph',
      hint: `The first paragraph of the ${component}'s ${key}.${
        formatted ? ' Its formatting and links become plain text when you change it.' : ''
      }`,
      path: paragraph.path,
      kind: 'paragraph',
      value: plainText(paragraph.node),
      multiline: true,
      uid,
    });
    break;
  }

  const nested = firstBlockProp(
    Object.fromEntries(Object.entries(content).filter(([key]) => !key.startsWith('_'))),
    ['content'],
  );
  if (nested && typeof nested.block._uid === 'string') {
    const blockName = String(nested.block.component);
    fields.push({
      name: 'block',
      label: `Nested block (${blockName})`,
      hint: `The ${nested.prop} of the first ${blockName} block in the story.`,
      path: nested.path,
      kind: 'text',
      value: String(nested.block[nested.prop]),
      multiline: LONG_PROPS.has(nested.prop),
      uid: nested.block._uid,
    });
  }
  return fields;
}
