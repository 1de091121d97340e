import { AgentLanding } from '@/features/agent/components/agent-landing';
import { LoginForm } from '@/features/auth/components/login-form';
import { useRouteTitle } from './use-route-title';

/** The agent landing with the auth feature's login form on the agent side (spec §6 "Non-agents cannot log in"). */
export function Component() {
  return <AgentLanding title={useRouteTitle()} loginForm={<LoginForm side="agent" prefix="agent-login" />} />;
}
