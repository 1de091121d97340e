import { VerifyPage } from '@/features/verify/components/verify-page';
import { useRouteTitle } from './use-route-title';

/** `/verify` (issue 6): the provably fair verifier; @platform/game-math lives in this page's chunk only. */
export function Component() {
  return <VerifyPage title={useRouteTitle()} />;
}
