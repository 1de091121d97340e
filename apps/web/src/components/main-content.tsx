import type { ReactNode } from 'react';

export const MAIN_CONTENT_ID = 'main-content';

/** The page's main landmark; the skip link targets it, so it can take focus. */
export function MainContent({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <main id={MAIN_CONTENT_ID} data-testid="main-content" tabIndex={-1} className={className}>
      {children}
    </main>
  );
}
