import { useCallback } from 'react';
import type { Permission } from '@/lib/api/types';
import { useCurrentUser } from './current-user';

/**
 * What the signed-in person may do, as the server said in `/auth/user`. The web app offers a
 * button only when this says so; it never repeats the server's policy by role.
 */
export function usePermissions(): { can: (permission: Permission) => boolean } {
  const permissions = useCurrentUser().data?.permissions;
  const can = useCallback(
    (permission: Permission) => permissions?.includes(permission) ?? false,
    [permissions],
  );
  return { can };
}
