import type { Simulation } from './review-types';

/** What approving the selection would change: the simulation over recorded queries and the lint findings. */
export function ImpactPanel({ simulation, count }: { simulation: Simulation; count: number }) {
  const pct = (simulation.share_changed * 100).toFixed(1);
  return (
    <section className="panel" aria-label="What would change" data-testid="impact-panel">
      <h3>What would change if the {count} selected suggestion(s) were approved</h3>
      <p>
        {simulation.queries_changed} of {simulation.queries_replayed} recorded queries would answer differently ({pct}%): {simulation.alternatives_added} alternative(s) added,{' '}
        {simulation.alternatives_removed} removed.
      </p>
      {simulation.examples.length > 0 && (
        <div className="table-wrap">
          <table>
            <caption>Most frequent changed queries</caption>
            <thead>
              <tr>
                <th scope="col">Query</th>
                <th scope="col">Times</th>
                <th scope="col">Today</th>
                <th scope="col">After approval</th>
              </tr>
            </thead>
            <tbody>
              {simulation.examples.map((ex, i) => (
                <tr key={i}>
                  <td>{ex.query}</td>
                  <td>{ex.count}</td>
                  <td>
                    <AlternativeList items={ex.before} other={ex.after} mark="del" />
                  </td>
                  <td>
                    <AlternativeList items={ex.after} other={ex.before} mark="ins" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h4>Rule lint</h4>
      {simulation.lint.length === 0 ? (
        <p data-testid="lint-clean">No findings for this selection.</p>
      ) : (
        <ul data-testid="lint-findings">
          {simulation.lint.map((f, i) => (
            <li key={i}>
              <strong>{f.severity}</strong> ({f.kind}): {f.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The alternatives of one side, those absent from the other side marked as removed or added. */
function AlternativeList({ items, other, mark }: { items: string[]; other: string[]; mark: 'del' | 'ins' }) {
  if (items.length === 0) return <span className="hint">none</span>;
  const otherSet = new Set(other);
  return (
    <ul className="diff">
      {items.map((q) => (
        <li key={q}>{otherSet.has(q) ? q : mark === 'del' ? <del>{q}</del> : <ins>{q}</ins>}</li>
      ))}
    </ul>
  );
}
