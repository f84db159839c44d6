import { useNavigate } from 'react-router';

/** Back to where the visitor came from, or to `fallback` when the page was opened directly. */
export function useGoBack(fallback: string) {
  const navigate = useNavigate();
  return () => {
    // React Router keeps the position in its history stack in `history.state.idx`.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(fallback);
  };
}
