/**
 * Short text: an optional headline over plain text (blank lines split paragraphs, single line
 * breaks are kept) or already-rendered rich content (the short_text block passes its rich text).
 */
import { Fragment, type ReactNode } from 'react';

export type ShortTextProps = {
  headline?: string;
  /** Plain text. Ignored when `body` is given. */
  text?: string;
  /** Rich content (e.g. rendered rich text); wins over `text`. */
  body?: ReactNode;
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
  headingLevel = 2,
  align = 'start',
  className,
}: ShortTextProps) {
  const Heading = `h${headingLevel}` as const;
  const paragraphs = textParagraphs(text);
  const hasBody = body !== undefined && body !== null && body !== false;
  if (!headline && !hasBody && paragraphs.length === 0) return null;
  return (
    <section className={['ui-short-text', `ui-short-text--${align}`, className].filter(Boolean).join(' ')}>
      {headline ? <Heading className="ui-short-text__headline">{headline}</Heading> : null}
      {hasBody ? (
        <div className="ui-short-text__body">{body}</div>
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
