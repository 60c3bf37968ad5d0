// Sections of a page as tabs (the WAI-ARIA tabs pattern) where the screen is
// too small to show them side by side: one tab stop (the selected tab), arrow
// keys, Home and End move and select, and each panel is named by its tab.
// When the tabs are off every panel shows and the same elements are plain
// boxes, so a panel (and a chat's draft in it) survives the window crossing
// the breakpoint.
import { useId, useRef, useState, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';
import styles from './tabs.module.css';

export interface TabDefinition<Id extends string> {
  id: Id;
  label: string;
}

export interface Tabs<Id extends string> {
  /** The tab list while the tabs are on, else null. */
  list: ReactNode;
  /** Props of the element holding the section `id`: a tab panel while the tabs are on. */
  panel: (id: Id, className: string) => HTMLAttributes<HTMLDivElement>;
}

export function useTabs<Id extends string>(
  definitions: readonly TabDefinition<Id>[],
  { label, enabled }: { label: string; enabled: boolean },
): Tabs<Id> {
  const [selected, setSelected] = useState<Id>(definitions[0].id);
  const base = useId();
  const buttons = useRef(new Map<Id, HTMLButtonElement>());
  const tabId = (id: Id) => `${base}tab-${id}`;
  const panelId = (id: Id) => `${base}panel-${id}`;

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = definitions.length - 1;
    const targets: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const next = targets[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const { id } = definitions[next];
    setSelected(id);
    buttons.current.get(id)?.focus();
  }

  const list = enabled ? (
    <div role="tablist" aria-label={label} className={styles.list}>
      {definitions.map((tab, index) => (
        <button
          key={tab.id}
          ref={(button) => {
            if (button) buttons.current.set(tab.id, button);
            else buttons.current.delete(tab.id);
          }}
          type="button"
          role="tab"
          id={tabId(tab.id)}
          className={styles.tab}
          aria-selected={tab.id === selected}
          aria-controls={panelId(tab.id)}
          tabIndex={tab.id === selected ? 0 : -1}
          onClick={() => setSelected(tab.id)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  ) : null;

  function panel(id: Id, className: string): HTMLAttributes<HTMLDivElement> {
    if (!enabled) return { className };
    return {
      className: `${className} ${styles.panel}`,
      role: 'tabpanel',
      id: panelId(id),
      'aria-labelledby': tabId(id),
      hidden: id !== selected,
    };
  }

  return { list, panel };
}
