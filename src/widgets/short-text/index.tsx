/**
 * A short text block: an optional headline over plain text (blank lines split paragraphs, single
 * line breaks are kept) or rich text (rendered with the site's RichText renderer).
 */
import { Fragment } from 'react';
import { RichText as RichTextView, type BlokRenderer } from '../../app/components/rich-text.tsx';
import type { RichText } from '../../content/types.ts';

export type ShortTextProps = {
  headline?: string;
  /** Plain text. Ignored when `body` has content. */
  text?: string;
  /** Rich text. */
  body?: RichText;
  /** Renders widgets embedded in `body`. */
  renderBlok?: BlokRenderer;
  headingLevel?: 2 | 3;
  align?: 'start' | 'center';
  className?: string;
};

/** Plain text → paragraphs (split on blank lines), single newlines → <br>. */
export function textParagraphs(text: string): string[][] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => p.split('\n'));
}

export function ShortText({
  headline,
  text = '',
  body,
  renderBlok,
  headingLevel = 2,
  align = 'start',
  className,
}: ShortTextProps) {
  const Heading = `h${headingLevel}` as const;
  const paragraphs = textParagraphs(text);
  const hasBody = body !== undefined && body.length > 0;
  if (!headline && !hasBody && paragraphs.length === 0) return null;
  return (
    <section className={['ui-short-text', `ui-short-text--${align}`, className].filter(Boolean).join(' ')}>
      {headline ? <Heading className="ui-short-text__headline">{headline}</Heading> : null}
      {hasBody ? (
        <RichTextView blocks={body} className="ui-short-text__body" renderBlok={renderBlok} />
      ) : paragraphs.length > 0 ? (
        <div className="ui-short-text__body">
          {paragraphs.map((lines, i) => (
            <p key={i}>
              {lines.map((line, j) => (
                <Fragment key={j}>
                  {j > 0 ? <br /> : null}
                  {line}
                </Fragment>
              ))}
            </p>
          ))}
        </div>
      ) : null}
    </section>
  );
}
