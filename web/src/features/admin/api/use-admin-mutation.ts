import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { adminKeys } from './admin-keys';

/** A mutation that refreshes the given lists (and the overview's figures) when it succeeds. */
export function useAdminMutation<Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  keys: QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      for (const queryKey of [...keys, adminKeys.overview()])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
