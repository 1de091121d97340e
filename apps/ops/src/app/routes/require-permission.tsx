import type { ReactNode } from 'react';
import type { StaffPermission } from '@platform/contracts';
import { hasPermission, useSession } from '@/lib/session';
import { ForbiddenPage } from './forbidden-page';

/** A page for roles holding `permission`; any other role gets the 403 page at the same URL. */
export function RequirePermission({
  permission,
  children,
}: {
  permission: StaffPermission | null;
  children: ReactNode;
}) {
  const { staff } = useSession();
  return hasPermission(staff, permission) ? children : <ForbiddenPage />;
}
