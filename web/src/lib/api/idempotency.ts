import { useCallback, useRef } from 'react';

/**
 * A fresh Idempotency-Key. `crypto.randomUUID` exists only in secure contexts (https or
 * localhost); a till reached over plain http on the shop's network still needs a key.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One key per submission: sending the same body again after a failure reuses the key (so a
 * retry of a request that did reach the server changes nothing), anything else gets a new one.
 */
export function useIdempotencyKey() {
  const last = useRef<{ body: string; key: string } | null>(null);

  const keyFor = useCallback((body: unknown): string => {
    const serialized = JSON.stringify(body);
    if (last.current?.body === serialized) return last.current.key;
    const key = newIdempotencyKey();
    last.current = { body: serialized, key };
    return key;
  }, []);

  /** The submission went through: the next one, even with the same body, is a new sale. */
  const settle = useCallback(() => {
    last.current = null;
  }, []);

  return { keyFor, settle };
}
