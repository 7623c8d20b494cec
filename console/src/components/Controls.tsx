import type { ReactNode } from 'react';

/** A row of summary figures, each a value over its label. */
export function SummaryCards({ label, items }: { label: string; items: readonly (readonly [string, ReactNode])[] }) {
  return (
    <ul className="cards" aria-label={label}>
      {items.map(([name, value]) => (
        <li className="card" key={name}>
          <div className="value">{value}</div>
          <div className="label">{name}</div>
        </li>
      ))}
    </ul>
  );
}

/** A filter's select: "any" (the empty value) and then each of `values`. */
export function AnySelect({ id, value, values, onChange }: { id?: string; value: string; values: readonly string[]; onChange: (value: string) => void }) {
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">any</option>
      {values.map((v) => (
        <option key={v} value={v}>
          {v}
        </option>
      ))}
    </select>
  );
}
