/** The desktop category bar with its dropdowns. */
import { useEffect, useRef, useState } from 'react';
import type { NavCategory } from '../../content/types.ts';
import { NavDropdown } from './nav-dropdown.tsx';

/** The category bar (≥960px): one dropdown open at a time; a press outside closes it. */
export function DesktopNav({ categories }: { categories: NavCategory[] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (openId === null) return;
    // Safari does not focus buttons on click, so blur alone would not close a clicked-open panel.
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (event.target instanceof Node && !navRef.current?.contains(event.target)) setOpenId(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openId]);

  return (
    <nav aria-label="Main" className="main-nav" ref={navRef}>
      <ul className="main-nav__list">
        {categories.map((category) => (
          <li key={category.uuid}>
            <NavDropdown
              category={category}
              open={openId === category.uuid}
              onOpenChange={(open) =>
                setOpenId((current) => (open ? category.uuid : current === category.uuid ? null : current))
              }
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}
