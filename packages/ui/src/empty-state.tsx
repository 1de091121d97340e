import type { ReactNode } from 'react';

/** Every list and every page without content says so plainly (DESIGN.md §9: "every list has its empty state"). */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <svg className="empty-state__art" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
        <rect x="8" y="14" width="48" height="36" rx="6" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M8 24h48" stroke="currentColor" strokeWidth="3" />
        <circle cx="32" cy="37" r="5" fill="currentColor" />
      </svg>
      <p className="empty-state__title">{title}</p>
      {children}
    </div>
  );
}
