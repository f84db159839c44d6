import { lazy } from 'react';
import type { RoleViews } from '@/features/dashboard/dashboard-page';

/**
 * Each role's dashboard body, in its own chunk: the dashboard page does not know the features,
 * and the login page's bundle does not carry them.
 */
export const roleViews: RoleViews = {
  admin: lazy(async () => ({ default: (await import('@/features/admin/admin-dashboard')).AdminDashboard })),
  pos_user: lazy(async () => ({ default: (await import('./pos-dashboard-view')).PosDashboardView })),
  store_owner: lazy(async () => ({
    default: (await import('@/features/owner/owner-dashboard')).OwnerDashboard,
  })),
};
