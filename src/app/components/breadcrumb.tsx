/** The breadcrumb trail above article and listing titles. */
import { Link } from 'react-router';

export type Crumb = { label: string; to: string };

/** Breadcrumb trail; separators are drawn in CSS so screen readers only hear the links. */
export function Breadcrumb({ items, className }: { items: Crumb[]; className?: string }) {
  return (
    <nav aria-label="Breadcrumb" className={['breadcrumb', className].filter(Boolean).join(' ')}>
      <ol>
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to}>{item.label}</Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
