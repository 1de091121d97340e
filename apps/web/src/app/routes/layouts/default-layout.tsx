import { Outlet } from 'react-router';
import { MainContent } from '@/components/main-content';
import { SkipLink } from '@/components/skip-link';
import { Banner } from '@/features/shell/components/banner';
import { FloatingService } from '@/features/shell/components/floating-service';
import { Footer } from '@/features/shell/components/footer';
import { Header } from '@/features/shell/components/header';
import { SideMenu } from '@/features/shell/components/side-menu';
import { useSideMenu } from './use-side-menu';

const SIDE_MENU_ID = 'side-menu';

/** DEFAULT layout (spec §2): side menu, header, banner, main content, footer. */
export function DefaultLayout() {
  const menu = useSideMenu();
  return (
    <div className="shell shell--floating" data-menu-open={menu.open}>
      <SkipLink />
      <Header sideMenu={{ id: SIDE_MENU_ID, open: menu.open, onToggle: menu.toggle }} />
      <div className="shell__body">
        <SideMenu id={SIDE_MENU_ID} open={menu.open} />
        {/* Narrow screens: a tap beside the open menu closes it (hidden by CSS on wide screens). */}
        {menu.open && <div className="side-menu-backdrop" aria-hidden="true" onClick={menu.close} />}
        <div className="shell__content">
          <Banner />
          <MainContent>
            <Outlet />
          </MainContent>
          <Footer />
        </div>
      </div>
      <FloatingService />
    </div>
  );
}
