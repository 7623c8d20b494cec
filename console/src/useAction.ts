import { useCallback, useRef, useState } from 'react';

export interface Action {
  /** true while an action runs */
  busy: boolean;
  /** the last action's error, cleared when the next one starts */
  error: unknown;
  /**
   * Runs `fn` unless an action is already under way: a second click that arrives before React re-renders the disabled
   * button does not start a second import, simulation or review.
   */
  run: (fn: () => Promise<void>) => Promise<void>;
}

/** One long operation of a page (import, export, simulate, review): busy, its error, and never two at once. */
export function useAction(): Action {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = useCallback(async (fn: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(err);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, error, run };
}
