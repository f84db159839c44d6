import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

export type NotificationList = components['schemas']['NotificationList'];
export type Notification = components['schemas']['NotificationDto'];

/** Every screen that changes what the bell lists (a signal reviewed, an import) invalidates this. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;

/** How often the bell asks again while a page is open. */
const REFRESH_MS = 60_000;

export async function getNotifications(): Promise<NotificationList> {
  return unwrap(api.GET('/api/v1/notifications'));
}

/** The caller's notifications and the unread count, asked again every minute. */
export function useNotifications() {
  return useQuery(
    queryOptions({ queryKey: NOTIFICATIONS_KEY, queryFn: getNotifications, refetchInterval: REFRESH_MS }),
  );
}

/** POST /notifications/read: the list as it is after, put straight into the cache. */
export function useReadNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keys: string[]) => unwrap(api.POST('/api/v1/notifications/read', { body: { keys } })),
    onSuccess: (list) => queryClient.setQueryData(NOTIFICATIONS_KEY, list),
  });
}
