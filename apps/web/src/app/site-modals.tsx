import { lazy, Suspense } from 'react';
import { useSiteModal } from '@/lib/site-modals';

// Each modal's code loads on first use, keeping it out of the first page's JavaScript.
const HelpModal = lazy(() => import('@/features/help/components/help-modal').then((m) => ({ default: m.HelpModal })));
const PublicModal = lazy(() =>
  import('@/features/service/components/public-modal').then((m) => ({ default: m.PublicModal })),
);

/** Renders the open helpModal or publicModal (lib/site-modals). */
export function SiteModals() {
  const modal = useSiteModal();
  if (modal === null) return null;
  return (
    <Suspense fallback={null}>
      {modal.kind === 'help' ? <HelpModal key={modal.anchor ?? ''} anchor={modal.anchor} /> : <PublicModal />}
    </Suspense>
  );
}
