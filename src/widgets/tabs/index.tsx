/**
 * Tabs, the WAI-ARIA pattern with automatic activation: a tablist of tabs (roving tabindex:
 * only the selected tab is in the tab order), Left/Right move and select (wrapping), Home/End
 * jump to the first/last tab. Every panel is rendered (inactive ones `hidden`), so the server
 * HTML holds all content.
 */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export type TabItem = {
  /** Stable key (a block uid). */
  key: string;
  /** The tab's label (spec §3: a tab has a name). */
  name: string;
  content: ReactNode;
};

export type TabsProps = {
  items: TabItem[];
  /** Names the tablist, e.g. "Workout plans". */
  label?: string;
  /** Initially selected tab (uncontrolled). */
  defaultIndex?: number;
  /** Controlled selection. */
  selectedIndex?: number;
  onChange?: (index: number) => void;
  className?: string;
};

/** The tab a key moves to (arrows wrap, Home and End jump), or null for any other key. */
function tabForKey(key: string, current: number, count: number): number | null {
  const last = count - 1;
  switch (key) {
    case 'ArrowRight':
      return current === last ? 0 : current + 1;
    case 'ArrowLeft':
      return current === 0 ? last : current - 1;
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

export function Tabs({ items, label, defaultIndex = 0, selectedIndex, onChange, className }: TabsProps) {
  const baseId = useId();
  const [ownIndex, setOwnIndex] = useState(defaultIndex);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  if (items.length === 0) return null;
  const current = Math.min(Math.max(selectedIndex ?? ownIndex, 0), items.length - 1);

  const select = (index: number, focus: boolean) => {
    if (selectedIndex === undefined) setOwnIndex(index);
    if (index !== current) onChange?.(index);
    if (focus) tabRefs.current[index]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = tabForKey(event.key, current, items.length);
    if (next === null) return;
    event.preventDefault();
    select(next, true);
  };

  const ids: TabIds = {
    tab: (i) => `${baseId}-tab-${i}`,
    panel: (i) => `${baseId}-panel-${i}`,
  };

  return (
    <div className={['ui-tabs', className].filter(Boolean).join(' ')}>
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        className="ui-tabs__list"
        onKeyDown={onKeyDown}
      >
        {items.map((item, i) => (
          <button
            key={item.key}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={ids.tab(i)}
            aria-selected={i === current}
            aria-controls={ids.panel(i)}
            tabIndex={i === current ? 0 : -1}
            className="ui-tabs__tab"
            onClick={() => select(i, false)}
          >
            {item.name}
          </button>
        ))}
      </div>
      <TabPanels items={items} current={current} ids={ids} />
    </div>
  );
}

type TabIds = { tab: (index: number) => string; panel: (index: number) => string };

/** Every panel, the inactive ones `hidden`, so the server HTML holds all content. */
function TabPanels({ items, current, ids }: { items: TabItem[]; current: number; ids: TabIds }) {
  return items.map((item, i) => (
    <div
      key={item.key}
      role="tabpanel"
      id={ids.panel(i)}
      aria-labelledby={ids.tab(i)}
      tabIndex={0}
      hidden={i !== current}
      className="ui-tabs__panel"
    >
      {item.content}
    </div>
  ));
}
