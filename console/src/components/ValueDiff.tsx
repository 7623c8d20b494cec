// Field-by-field differences between two sets of an entry's values: the audit history and the conflict panel use them.

/** A value as the user reads it: null and empty arrays as "(none)", arrays comma-separated, fractions to 4 decimals. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (Array.isArray(value)) return value.length ? value.map((v) => showValue(v)).join(', ') : '(none)';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(Number.isInteger(value) ? value : Number(value.toFixed(4)));
  if (typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

export function sameValue(a: unknown, b: unknown): boolean {
  return showValue(a) === showValue(b);
}

/** The keys of either side whose values differ (all keys of the side present when the other is null). */
export function changedKeys(oldValues: Record<string, unknown> | null, newValues: Record<string, unknown> | null): string[] {
  const keys = [...new Set([...Object.keys(oldValues ?? {}), ...Object.keys(newValues ?? {})])];
  if (!oldValues || !newValues) return keys;
  return keys.filter((k) => !sameValue(oldValues[k], newValues[k]));
}

/** old → new for each changed field: removed values in <del>, added ones in <ins>. */
export function ValueDiff({ oldValues, newValues }: { oldValues: Record<string, unknown> | null; newValues: Record<string, unknown> | null }) {
  const keys = changedKeys(oldValues, newValues);
  if (keys.length === 0) return <p className="hint">No field changed.</p>;
  return (
    <dl className="diff">
      {keys.map((k) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>
            {oldValues && (
              <del>
                <span className="sr-only">was </span>
                {showValue(oldValues[k])}
              </del>
            )}
            {oldValues && newValues && <span aria-hidden="true"> → </span>}
            {newValues && (
              <ins>
                <span className="sr-only">now </span>
                {showValue(newValues[k])}
              </ins>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
