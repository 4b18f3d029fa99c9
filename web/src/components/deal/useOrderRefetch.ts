/**
 * Fetch options of a request modal's `node(id:)` query and its `refetch` (after a CONFLICT or a stale state):
 * the first load may answer from the store while asking the network; every refetch asks the network again.
 */
import { useCallback, useState } from 'react';

export function useOrderRefetch() {
  const [fetchKey, setFetchKey] = useState(0);
  const refetch = useCallback(() => setFetchKey((k) => k + 1), []);
  const fetchOptions = {
    fetchPolicy: fetchKey > 0 ? ('network-only' as const) : ('store-and-network' as const),
    fetchKey,
  };
  return { fetchOptions, refetch };
}
