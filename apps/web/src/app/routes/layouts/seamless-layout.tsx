import { Outlet } from 'react-router';
import { MainContent } from '@/components/main-content';
import { SkipLink } from '@/components/skip-link';
import { Header } from '@/features/shell/components/header';

/**
 * /seamless (spec §2 "no footer"): a vendor game fills the page under the header. It is a game page, so
 * the side menu is hidden too, and no floating icons cover the game. On a phone the game page hides the header as
 * well (features/seamless: its own bar has the way back).
 */
export function SeamlessLayout() {
  return (
    <div className="shell shell--seamless">
      <SkipLink />
      <Header />
      <MainContent className="main--seamless">
        <Outlet />
      </MainContent>
    </div>
  );
}
