import { useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** fetch again with the same key (after a change the page made) */
  reload: () => void;
}

/**
 * Data a page reads from the API: fetched when `key` (everything the fetch depends on, as text) changes, or on
 * reload(). State is set only when the answer arrives, and an answer to an older key is dropped.
 */
export function useLoad<T>(key: string, fetcher: () => Promise<T>): Loaded<T> {
  const [nonce, setNonce] = useState(0);
  const [state, setState] = useState<{ key: string; data?: T; error?: unknown }>({ key: '' });
  const fetcherRef = useRef(fetcher);
  useEffect(() => {
    fetcherRef.current = fetcher;
  });
  const requestKey = `${key}#${nonce}`;
  useEffect(() => {
    let current = true;
    fetcherRef.current().then(
      (data) => current && setState({ key: requestKey, data }),
      (error: unknown) => current && setState((s) => ({ key: requestKey, data: s.data, error })),
    );
    return () => {
      current = false;
    };
  }, [requestKey]);
  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return { data: state.data, error: state.error, loading: state.key !== requestKey, reload };
}
