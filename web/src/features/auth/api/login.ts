import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { AuthSession, LoginRequest } from '@/lib/api/types';
import { useLazyQueryClient } from '@/lib/lazy-query-client';
import { takeReturn } from '@/lib/session/return-to';
import { startSession } from '@/lib/session/session';

export async function login(body: LoginRequest): Promise<AuthSession> {
  const data = await unwrap(api.POST('/api/v1/auth/login', { body }));
  return data.data;
}

interface LoginState {
  isPending: boolean;
  error: Error | null;
}

/**
 * Signs in, keeps the token and user, and opens the page the user was sent away from (a 401 or
 * a guarded link), else the dashboard. (Plain state rather than a
 * react-query mutation: the sign-in page is the first page and does without react-query's code;
 * the query client that keeps the user is made once the sign-in succeeds.)
 */
export function useLogin() {
  const queryClient = useLazyQueryClient();
  const navigate = useNavigate();
  const [state, setState] = useState<LoginState>({ isPending: false, error: null });

  const mutate = useCallback(
    (body: LoginRequest) => {
      setState({ isPending: true, error: null });
      void (async () => {
        try {
          const session = await login(body);
          startSession(await queryClient.get(), session.token, session.user);
        } catch (error) {
          setState({ isPending: false, error: error instanceof Error ? error : new Error(String(error)) });
          return;
        }
        setState({ isPending: false, error: null });
        await navigate(takeReturn() ?? '/dashboard', { replace: true });
      })();
    },
    [queryClient, navigate],
  );
  const reset = useCallback(() => setState({ isPending: false, error: null }), []);

  return { ...state, mutate, reset };
}
