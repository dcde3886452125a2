/** Rich text (our block tree from src/content) as semantic HTML; embedded blocks through a given renderer. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Block, Inline, Mark } from '../content/types.ts';
import { ResponsiveImage } from '../widgets/image/index.tsx';

type BlokNode = Extract<Block, { type: 'blok' }>;

/** Renders an embedded content block (widget). */
export type BlokRenderer = (blok: BlokNode) => ReactNode;

/**
 * The rich-text tree's elements without a wrapper. Embedded blocks go through `renderBlok` (the
 * registry's, from ./rich-text.tsx, or a block's own `ctx.renderBlocks`).
 */
export function RichTextContent({ blocks, renderBlok }: { blocks: Block[]; renderBlok: BlokRenderer }) {
  return <>{renderBlocks(blocks, renderBlok)}</>;
}

function renderBlocks(blocks: Block[], renderBlok: BlokRenderer): ReactNode[] {
  // The tree is static for a render, so positions are stable keys.
  return blocks.map((block, i) => <BlockNode key={i} block={block} renderBlok={renderBlok} />);
}

function BlockNode({ block, renderBlok }: { block: Block; renderBlok: BlokRenderer }): ReactNode {
  switch (block.type) {
    case 'paragraph':
      return <p>{renderInlines(block.children)}</p>;
    case 'heading': {
      const Heading = `h${block.level}` as const;
      return <Heading>{renderInlines(block.children)}</Heading>;
    }
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <List className="rich-text__list">
          {block.items.map((item, i) => (
            <li key={i}>{renderBlocks(item, renderBlok)}</li>
          ))}
        </List>
      );
    }
    case 'quote':
      return <blockquote>{renderBlocks(block.children, renderBlok)}</blockquote>;
    case 'code':
      return (
        <pre>
          <code className="rich-text__code">{block.text}</code>
        </pre>
      );
    case 'rule':
      return <hr />;
    case 'image':
      return (
        <figure className="rich-text__figure">
          <ResponsiveImage image={block.image} sizes="(min-width: 960px) 720px, 100vw" />
        </figure>
      );
    case 'blok':
      return renderBlok(block);
  }
}

function renderInlines(inlines: Inline[]): ReactNode[] {
  return inlines.map((inline, i) =>
    inline.type === 'break' ? <br key={i} /> : <MarkedText key={i} text={inline.text} marks={inline.marks} />,
  );
}

/** Wraps text in its marks; the first mark is the outermost element. */
function MarkedText({ text, marks }: { text: string; marks: Mark[] }): ReactNode {
  return marks.reduceRight<ReactNode>((children, mark) => applyMark(mark, children), text);
}

function applyMark(mark: Mark, children: ReactNode): ReactNode {
  switch (mark.type) {
    case 'bold':
      return <strong>{children}</strong>;
    case 'italic':
      return <em>{children}</em>;
    case 'underline':
      return <u>{children}</u>;
    case 'strike':
      return <s>{children}</s>;
    case 'code':
      return <code className="rich-text__code">{children}</code>;
    case 'link':
      return mark.external ? (
        <a className="rich-text__link" href={mark.href} rel="noopener noreferrer">
          {children}
        </a>
      ) : (
        <Link className="rich-text__link" to={mark.href}>
          {children}
        </Link>
      );
  }
}
