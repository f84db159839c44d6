import { useEffect, useState } from 'react';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { Meta } from '@/lib/api/types';

export async function getMeta(): Promise<Meta> {
  const data = await unwrap(api.GET('/api/v1/meta'));
  return data.data;
}

/** The server's /meta (demo mode), or undefined until it is here (or if it failed). */
export function useMeta(): { data: Meta | undefined } {
  const [meta, setMeta] = useState<Meta>();
  useEffect(() => {
    let current = true;
    getMeta().then(
      (answer) => {
        if (current) setMeta(answer);
      },
      () => {
        // Without /meta the page is simply not in demo mode.
      },
    );
    return () => {
      current = false;
    };
  }, []);
  return { data: meta };
}
