import { lazy, Suspense, useEffect, useRef } from 'react';
import { useAuthDialog } from '@/lib/auth-dialog';
import { prepareDateTimeFormat } from '@/lib/i18n/use-locale';
import { closeAnnouncements, openAnnouncements, useAnnouncements } from '../hooks/announcements';
import { useNotices } from '../hooks/use-notices';
import { usePageSettled } from '../hooks/use-page-settled';
import { dismissPopup, isPopupDismissed } from '../utils/popup-storage';

// The dialog code (Radix, the list and pager) loads when the popup first opens: not in the first page's JavaScript.
// Its date format is built in the task after, so the dialog's first render is not one long task with it.
const AnnouncementDialog = lazy(async () => {
  const { AnnouncementDialog: Component } = await import('./announcement-dialog');
  await prepareDateTimeFormat();
  return { default: Component };
});

/**
 * The announcement popup of the default layout (spec §2): opens by itself when the audience has popup or promotion
 * notices and has not closed it in this session (USER or ANONYMOUS in session storage), once the page has loaded (it
 * does not compete with the first paint), never over an account dialog (after a login it waits for the login dialog
 * to go, then shows the member popup). The marquee and the bell open it too. Closing it, however it was opened, keeps
 * it closed for this audience and session.
 */
export function AnnouncementPopup() {
  const state = useAnnouncements();
  const { query, lists, audience } = useNotices();
  const accountDialogOpen = useAuthDialog().open !== null;
  const settled = usePageSettled();
  const popupCount = lists?.popup.length ?? 0;
  // Once per audience while mounted, even where session storage cannot be written.
  const shown = useRef(new Set<string>());
  const { storageKey } = audience;

  useEffect(() => {
    if (!settled || state.open || accountDialogOpen || popupCount === 0) return;
    if (shown.current.has(storageKey) || isPopupDismissed(storageKey)) return;
    shown.current.add(storageKey);
    openAnnouncements('popup');
  }, [settled, state.open, accountDialogOpen, popupCount, storageKey]);

  if (!state.open) return null;
  return (
    <Suspense fallback={null}>
      <AnnouncementDialog
        key={`${state.view}:${state.noticeId ?? ''}`}
        view={state.view}
        noticeId={state.noticeId}
        query={query}
        onClose={() => {
          dismissPopup(storageKey);
          closeAnnouncements();
        }}
      />
    </Suspense>
  );
}
