import { useCallback, useState } from 'react';
import { call } from '../api';
import { useLoad } from '../useLoad';
import { pageFromHeaders, type AuditEntry, type Page } from '../types';
import { Busy, ErrorMessage } from './Status';
import { ValueDiff } from './ValueDiff';

const PAGE_SIZE = 20;

/** One entry's audit history (GET /synonyms/{id}/history, curators and admins), newest first, each with its diff. */
export function HistoryList({ synonymId, refresh }: { synonymId: number; refresh: number }) {
  const [offset, setOffset] = useState(0);
  const load = useCallback(async () => {
    const { data, headers } = await call<{ audit_entries: AuditEntry[]; total: number }>('GET', `/synonyms/${synonymId}/history`, { query: { limit: PAGE_SIZE, offset } });
    return { entries: data.audit_entries, page: pageFromHeaders(headers) };
  }, [synonymId, offset]);
  const { result, error, busy } = useLoad(load, refresh);
  const entries: AuditEntry[] = error ? [] : (result?.entries ?? []);
  const page: Page | null = error ? null : (result?.page ?? null);

  return (
    <section className="history" aria-labelledby={`history-${synonymId}`}>
      <h4 id={`history-${synonymId}`}>History</h4>
      {busy && <Busy label="Loading the history…" />}
      <ErrorMessage error={error} />
      <ol className="history-list" data-testid="history-list">
        {entries.map((e) => (
          <li key={e.id} data-testid="history-entry">
            <p className="meta">
              <strong>{e.action}</strong> by {e.performed_by}, <time dateTime={e.performed_at}>{new Date(e.performed_at).toLocaleString()}</time>
              {e.reason ? <> · reason: {e.reason}</> : null}
            </p>
            <ValueDiff oldValues={e.old_values} newValues={e.new_values} />
          </li>
        ))}
      </ol>
      {page && page.total > PAGE_SIZE && (
        <div className="pager">
          <button type="button" disabled={offset === 0 || busy} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
            Newer
          </button>
          <span>
            {offset + 1}–{offset + entries.length} of {page.total}
          </span>
          <button type="button" disabled={!page.hasMore || busy} onClick={() => setOffset(offset + PAGE_SIZE)}>
            Older
          </button>
        </div>
      )}
    </section>
  );
}
