import { Outlet } from 'react-router';
import { MainContent } from '@/components/main-content';

/** A page opened in its own small window (the customer service window, spec §9 440x750): the page alone. */
export function WindowLayout() {
  return (
    <div className="shell shell--window">
      <MainContent className="main--window">
        <Outlet />
      </MainContent>
    </div>
  );
}
