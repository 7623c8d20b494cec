import { useEffect, useState } from 'react';

interface Loaded<T> {
  load: () => Promise<T>;
  key: unknown;
  result: T | null;
  error: unknown;
}

/**
 * Runs `load` (a useCallback) whenever it or `key` (a reload counter) changes. While a load is under way, busy is true
 * and the previous result stays shown; an error belongs to the latest load only.
 */
export function useLoad<T>(load: () => Promise<T>, key: unknown = 0): { result: T | null; error: unknown; busy: boolean } {
  const [state, setState] = useState<Loaded<T> | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (result) => live && setState({ load, key, result, error: null }),
      (error: unknown) => live && setState((old) => ({ load, key, result: old?.result ?? null, error })),
    );
    return () => {
      live = false;
    };
  }, [load, key]);
  const current = state !== null && state.load === load && state.key === key;
  return { result: state?.result ?? null, error: current ? state.error : null, busy: !current };
}
