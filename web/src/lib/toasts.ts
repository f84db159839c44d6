import { useSyncExternalStore } from 'react';

export interface Toast {
  id: number;
  color: 'green' | 'red' | 'blue';
  title?: string;
  message: string;
}

interface ToastOptions {
  color?: Toast['color'];
  title?: string;
  /** Milliseconds on screen (spec section 9: invoice 6 s, redemption 5 s). */
  duration?: number;
}

const DEFAULT_DURATION = 5_000;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

/**
 * Success messages that outlive the form that caused them (a modal closes when its invoice is
 * created, a dialog when its customer is saved). Shown by the signed-in layout's viewport.
 */
export function showToast(message: string, options: ToastOptions = {}): number {
  const id = nextId++;
  publish([...toasts, { id, message, color: options.color ?? 'green', title: options.title }]);
  setTimeout(() => dismissToast(id), options.duration ?? DEFAULT_DURATION);
  return id;
}

export function dismissToast(id: number): void {
  if (toasts.some((toast) => toast.id === id)) publish(toasts.filter((toast) => toast.id !== id));
}

export function clearToasts(): void {
  publish([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
}
