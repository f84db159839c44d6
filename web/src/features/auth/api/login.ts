import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api/client';
import { toApiError } from '@/lib/api/errors';
import type { AuthSession, LoginRequest } from '@/lib/api/types';
import { startSession } from '@/lib/session/current-user';

export async function login(body: LoginRequest): Promise<AuthSession> {
  const { data, error, response } = await api.POST('/api/v1/auth/login', { body });
  if (!data) throw toApiError(response, error);
  return data.data;
}

/** Signs in, keeps the token and user, and opens the dashboard. */
export function useLogin() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: login,
    onSuccess: async (session) => {
      startSession(queryClient, session.token, session.user);
      await navigate('/dashboard', { replace: true });
    },
  });
}
