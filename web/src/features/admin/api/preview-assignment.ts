import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { AssignPackageRequest } from '../types';

/** What an assignment would do for the owner, before anything changes. */
export async function previewAssignment(body: AssignPackageRequest) {
  return (await unwrap(api.POST('/api/v1/admin/subscriptions/preview', { body }))).data;
}

export const usePreviewAssignment = () => useMutation({ mutationFn: previewAssignment });
