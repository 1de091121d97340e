import { Outlet } from 'react-router';
import { MainContent } from '@/components/main-content';

/** AGENT layout for /agent and /agentHome (spec §2 "Own layout, no header"): the pages bring their own chrome. */
export function AgentLayout() {
  return (
    <div className="shell shell--agent">
      <MainContent className="main--agent">
        <Outlet />
      </MainContent>
    </div>
  );
}
