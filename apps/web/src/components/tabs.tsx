import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export type TabItem<K extends string> = { key: K; label: string; testId: string };

type TabsProps<K extends string> = {
  label: string;
  items: readonly TabItem<K>[];
  active: K;
  onChange: (key: K) => void;
  children: ReactNode;
};

/**
 * Tabs (WAI-ARIA tabs pattern): arrow keys move between tabs, the panel is labelled by its tab. A single tab still
 * shows, as the title of the one method offered.
 */
export function Tabs<K extends string>({ label, items, active, onChange, children }: TabsProps<K>) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + items.length) % items.length;
    const item = items[next];
    if (!item) return;
    onChange(item.key);
    refs.current[next]?.focus();
  };
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list">
        {items.map((item, index) => (
          <button
            key={item.key}
            ref={(node) => {
              refs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`${id}-${item.key}`}
            className="tabs__tab"
            data-testid={item.testId}
            aria-selected={item.key === active}
            aria-controls={`${id}-panel`}
            tabIndex={item.key === active ? 0 : -1}
            onClick={() => onChange(item.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${active}`} className="tabs__panel">
        {children}
      </div>
    </div>
  );
}
