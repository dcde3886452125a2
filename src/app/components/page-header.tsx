/** The dark header band of index and landing pages (the page's h1). */
import type { ReactNode } from 'react';
import type { Image } from '../../content/types.ts';
import { ResponsiveImage } from '../../widgets/image/index.tsx';

export type PageHeaderProps = {
  title: string;
  eyebrow?: ReactNode;
  description?: string | null;
  /** Above the title, e.g. a breadcrumb. */
  before?: ReactNode;
  /** Below the description, e.g. links. */
  children?: ReactNode;
  /** A cover image turns the band into a photo hero with a dark scrim for legible text. */
  cover?: Image | null;
};

/** The dark band that opens index and landing pages; it holds the page's one h1. */
export function PageHeader({ title, eyebrow, description, before, children, cover }: PageHeaderProps) {
  return (
    <header className={cover ? 'page-header page-header--cover' : 'page-header'}>
      {cover ? (
        <div className="page-header__media">
          <ResponsiveImage image={cover} alt="" priority sizes="100vw" />
        </div>
      ) : null}
      <div className="container page-header__inner">
        {before}
        {eyebrow ? <p className="eyebrow eyebrow--on-dark">{eyebrow}</p> : null}
        <h1 className="page-header__title">{title}</h1>
        {description ? <p className="page-header__description">{description}</p> : null}
        {children}
      </div>
    </header>
  );
}
