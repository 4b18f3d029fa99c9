/**
 * Fetches suggestions for a typed value with a debounce, outside Suspense (so the input never suspends):
 * `const { data, loading } = useSuggestQuery<Q>(query, variables, 300)`; `variables` null means no request.
 */
import { useEffect, useMemo, useState } from 'react';
import { fetchQuery, useRelayEnvironment } from 'react-relay';
import type { GraphQLTaggedNode, OperationType } from 'relay-runtime';
import { useDebouncedValue } from '../useDebouncedValue';

export function useSuggestQuery<T extends OperationType>(
  query: GraphQLTaggedNode,
  variables: T['variables'] | null,
  debounceMs = 300,
): { data: T['response'] | null; loading: boolean } {
  const environment = useRelayEnvironment();
  const key = variables == null ? null : JSON.stringify(variables);
  const debouncedKey = useDebouncedValue(key, debounceMs);
  const [state, setState] = useState<{ key: string | null; data: T['response'] | null; loading: boolean }>({
    key: null,
    data: null,
    loading: false,
  });

  useEffect(() => {
    if (debouncedKey == null) {
      setState({ key: null, data: null, loading: false });
      return undefined;
    }
    setState((s) => ({ ...s, loading: true }));
    const subscription = fetchQuery<T>(environment, query, JSON.parse(debouncedKey) as T['variables'], {
      fetchPolicy: 'store-or-network',
    }).subscribe({
      next: (data) => setState({ key: debouncedKey, data, loading: false }),
      error: () => setState({ key: debouncedKey, data: null, loading: false }),
    });
    return () => subscription.unsubscribe();
  }, [environment, query, debouncedKey]);

  return useMemo(
    () => ({ data: key == null ? null : state.data, loading: key != null && (state.loading || key !== debouncedKey) }),
    [key, debouncedKey, state],
  );
}
