import { Outlet } from 'react-router';
import { MainContent } from '@/components/main-content';
import { SkipLink } from '@/components/skip-link';
import { GamePopupSlot } from '@/features/games/components/game-popup-slot';
import { Banner } from '@/features/shell/components/banner';
import { FloatingService } from '@/features/shell/components/floating-service';
import { Footer } from '@/features/shell/components/footer';
import { Header } from '@/features/shell/components/header';
import { SideMenu } from '@/features/shell/components/side-menu';
import { AnnouncementPopup } from '@/features/notices/components/announcement-popup';
import { GroupBanner } from '@/features/notices/components/group-banner';
import { HomeBanner } from '@/features/notices/components/home-banner';
import { NoticeBell } from '@/features/notices/components/notice-bell';
import { NoticeMarquee } from '@/features/notices/components/notice-marquee';
import { useSideMenu } from './use-side-menu';

const SIDE_MENU_ID = 'side-menu';

/**
 * DEFAULT layout (spec §2): side menu, header, banner, main content, footer. The notices feature supplies the banner
 * carousel (the brand hero when there is no banner), the marquee under it, the header bell, the w_leftmenu banner and
 * the announcement popup.
 */
export function DefaultLayout() {
  const menu = useSideMenu();
  return (
    <div className="shell shell--floating" data-menu-open={menu.open}>
      <SkipLink />
      <Header sideMenu={{ id: SIDE_MENU_ID, open: menu.open, onToggle: menu.toggle }} notices={<NoticeBell />} />
      <div className="shell__body">
        <SideMenu id={SIDE_MENU_ID} open={menu.open} banner={<GroupBanner group="w_leftmenu" />} />
        {/* Narrow screens: a tap beside the open menu closes it (hidden by CSS on wide screens). */}
        {menu.open && <div className="side-menu-backdrop" aria-hidden="true" onClick={menu.close} />}
        <div className="shell__content">
          <HomeBanner fallback={<Banner />} />
          <NoticeMarquee />
          <MainContent>
            <Outlet />
          </MainContent>
          <Footer />
        </div>
      </div>
      <FloatingService />
      <GamePopupSlot />
      <AnnouncementPopup />
    </div>
  );
}
