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
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? current === last
          ? 0
          : current + 1
        : event.key === 'ArrowLeft'
          ? current === 0
            ? last
            : current - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    select(next, true);
  };

  const tabId = (i: number) => `${baseId}-tab-${i}`;
  const panelId = (i: number) => `${baseId}-panel-${i}`;

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
            id={tabId(i)}
            aria-selected={i === current}
            aria-controls={panelId(i)}
            tabIndex={i === current ? 0 : -1}
            className="ui-tabs__tab"
            onClick={() => select(i, false)}
          >
            {item.name}
          </button>
        ))}
      </div>
      {items.map((item, i) => (
        <div
          key={item.key}
          role="tabpanel"
          id={panelId(i)}
          aria-labelledby={tabId(i)}
          tabIndex={0}
          hidden={i !== current}
          className="ui-tabs__panel"
        >
          {item.content}
        </div>
      ))}
    </div>
  );
}
