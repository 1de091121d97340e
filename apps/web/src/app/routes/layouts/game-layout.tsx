import { Outlet } from 'react-router';
import { MainContent } from '@/components/main-content';
import { SkipLink } from '@/components/skip-link';
import { FloatingService } from '@/features/shell/components/floating-service';
import { Footer } from '@/features/shell/components/footer';
import { Header } from '@/features/shell/components/header';

/** GAME layout for the lottery pages (spec §2): header and footer, no side menu, no banner. */
export function GameLayout() {
  return (
    <div className="shell shell--game shell--floating">
      <SkipLink />
      <Header />
      <div className="shell__content">
        <MainContent>
          <Outlet />
        </MainContent>
        <Footer />
      </div>
      <FloatingService />
    </div>
  );
}
