import { describeError } from '../api';

/** An API error as the user reads it: the service's code and message, and when to retry if rate-limited. */
export function ErrorMessage({ error }: { error: unknown }) {
  if (error === null || error === undefined) return null;
  return (
    <p className="error" role="alert">
      {describeError(error)}
    </p>
  );
}

/** A spinner with a text for screen readers, shown while a call is under way. */
export function Busy({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="busy" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> {label}
    </p>
  );
}

/** A short confirmation after an action (a review, an import, feedback). */
export function Notice({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p className="notice" role="status">
      {text}
    </p>
  );
}
