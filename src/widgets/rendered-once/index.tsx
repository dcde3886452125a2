/**
 * Markup the server renders once: an element whose children render the same HTML for the same
 * inputs (a story card, the header's bar, the footer's links) and the same on every request until
 * those inputs change. The server provides `RenderedOnce` (src/server/rendered-once.tsx), which
 * keeps each one's HTML per inputs and writes it as one string; the browser provides nothing and
 * renders the children, which hydrate against that HTML as against any other.
 */
import { createContext, useContext, type ReactNode } from 'react';

/** The server's keeper: the HTML of `children`, rendered the first time for these inputs. */
export type KeepMarkup = (name: string, inputs: readonly unknown[], children: ReactNode) => string;

export const RenderedOnce = createContext<KeepMarkup | null>(null);

export type OnceProps = {
  as: 'div' | 'li' | 'header' | 'section';
  /** What is kept (the first part of its key). */
  name: string;
  /**
   * Everything the children's HTML depends on: objects of content (a new object per version, so an
   * edit renders afresh) and a few plain values. Their state and handlers matter only in the browser.
   */
  inputs: readonly unknown[];
  className?: string;
  inert?: boolean;
  'aria-label'?: string | undefined;
  'aria-labelledby'?: string | undefined;
  children: ReactNode;
};

export function Once({ as: Tag, name, inputs, children, ...props }: OnceProps) {
  const keep = useContext(RenderedOnce);
  return keep ? (
    <Tag {...props} dangerouslySetInnerHTML={{ __html: keep(name, inputs, children) }} />
  ) : (
    <Tag {...props}>{children}</Tag>
  );
}
