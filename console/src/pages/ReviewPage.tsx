import { useCallback, useMemo, useState } from 'react';
import type { ColumnDef, RowSelectionState } from '@tanstack/react-table';
import { call } from '../api';
import { DataTable } from '../components/DataTable';
import { Busy, ErrorMessage, Notice } from '../components/Status';
import type { PageProps } from '../pages';
import { pageFromHeaders, type Page } from '../types';
import { useAction } from '../useAction';
import { useLoad } from '../useLoad';
import { ImpactPanel } from './ImpactPanel';
import type { ReviewAction, ReviewAnswer, Simulation, Suggestion } from './review-types';

const PAGE_SIZE = 50;
/** simulate takes at most this many changes (docs/API.md) */
const MAX_SIMULATED = 100;
const OPEN = new Set(['pending', 'under_review']);

const ACTIONS: { action: ReviewAction; label: string }[] = [
  { action: 'approve', label: 'Approve' },
  { action: 'reject', label: 'Reject' },
  { action: 'under_review', label: 'Send to review' },
];

const columns: ColumnDef<Suggestion, unknown>[] = [
  { header: 'Id', accessorKey: 'synonym_id' },
  { header: 'Term → synonym', cell: ({ row }) => `${row.original.term} → ${row.original.synonym}` },
  { header: 'Domain', accessorKey: 'domain' },
  { header: 'Evidence', accessorKey: 'kind' },
  { header: 'Status', cell: ({ row }) => row.original.status ?? 'deleted' },
  { header: 'Score', cell: ({ row }) => row.original.evidence.score.toFixed(2) },
  { header: 'Users', cell: ({ row }) => row.original.evidence.distinct_users },
  { header: 'Sessions', cell: ({ row }) => row.original.evidence.distinct_sessions },
  { header: 'Ratings helpful / not', cell: ({ row }) => `${row.original.evidence.helpful_count} / ${row.original.evidence.unhelpful_count}` },
  {
    header: 'Example queries',
    cell: ({ row }) =>
      row.original.evidence.example_queries.length === 0 ? (
        <span className="hint">none</span>
      ) : (
        <ul className="examples">
          {row.original.evidence.example_queries.map((q, i) => (
            <li key={i}>
              “{q.before}” → “{q.after}”
            </li>
          ))}
        </ul>
      ),
  },
  { header: 'Last seen', cell: ({ row }) => (row.original.evidence.last_seen ? new Date(row.original.evidence.last_seen).toLocaleString() : '') },
];

/** The review queue: discovered suggestions with their evidence, what approving them would change, and the review itself. */
export function ReviewPage(_props: PageProps) {
  const [kind, setKind] = useState('');
  const [sort, setSort] = useState('score');
  const [openOnly, setOpenOnly] = useState(true);
  const [offset, setOffset] = useState(0);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [reason, setReason] = useState('');
  const [busyLabel, setBusyLabel] = useState('');
  const task = useAction();
  const busy = task.busy ? busyLabel : null;
  const [impact, setImpact] = useState<{ key: string; simulation: Simulation } | null>(null);
  const [answer, setAnswer] = useState<ReviewAnswer | null>(null);

  const [reloads, setReloads] = useState(0);
  const loadList = useCallback(async () => {
    const { data, headers } = await call<{ suggestions: Suggestion[]; total: number }>('GET', '/admin/suggestions', { query: { kind, sort, order: 'desc', limit: PAGE_SIZE, offset } });
    return { rows: data.suggestions, page: pageFromHeaders(headers) };
  }, [kind, sort, offset]);
  const list = useLoad(loadList, reloads);
  const reload = () => setReloads((n) => n + 1);
  const rows = useMemo(() => list.result?.rows ?? [], [list.result]);
  const page: Page | null = list.result?.page ?? null;
  const loading = list.busy;

  const shown = useMemo(() => (openOnly ? rows.filter((r) => r.status !== null && OPEN.has(r.status)) : rows), [rows, openOnly]);
  const selectedIds = useMemo(() => shown.filter((r) => selection[String(r.synonym_id)]).map((r) => r.synonym_id), [shown, selection]);
  const selectionKey = selectedIds.join(',');
  const impactShown = impact !== null && impact.key === selectionKey;
  const needsImpact = selectedIds.length > 0 && selectedIds.length <= MAX_SIMULATED && !impactShown;

  function simulate() {
    setBusyLabel('Simulating the selection over recorded queries…');
    void task.run(async () => {
      const changes = selectedIds.map((id) => ({ action: 'activate', synonym_id: id }));
      const { data } = await call<Simulation>('POST', '/admin/simulate', { body: { changes } });
      setImpact({ key: selectionKey, simulation: data });
    });
  }

  function review(reviewAction: ReviewAction) {
    setBusyLabel('Applying the review…');
    void task.run(async () => {
      setAnswer(null);
      const { data } = await call<ReviewAnswer>('POST', '/synonyms/review', { body: { ids: selectedIds, action: reviewAction, reason: reason.trim() } });
      setAnswer(data);
      setSelection({});
      setImpact(null);
      reload();
    });
  }

  const reasonOk = reason.trim().length > 0;
  return (
    <section aria-label="Review queue">
      <div className="filters">
        <label>
          Evidence
          <select value={kind} onChange={(e) => { setKind(e.target.value); setOffset(0); }}>
            <option value="">any</option>
            <option value="reformulation">reformulations</option>
            <option value="ratings">positive ratings</option>
            <option value="negative_ratings">negative ratings</option>
          </select>
        </label>
        <label>
          Sort by
          <select value={sort} onChange={(e) => { setSort(e.target.value); setOffset(0); }}>
            <option value="score">score</option>
            <option value="last_seen">last seen</option>
            <option value="first_seen">first seen</option>
            <option value="distinct_users">users</option>
            <option value="created_at">proposed</option>
          </select>
        </label>
        <label className="check">
          <input type="checkbox" checked={openOnly} onChange={(e) => setOpenOnly(e.target.checked)} />
          Open only (pending, under review)
        </label>
        <button type="button" onClick={reload} disabled={loading}>
          Refresh
        </button>
      </div>
      {loading && <Busy label="Loading suggestions…" />}
      <ErrorMessage error={list.error} />
      <DataTable
        caption={
          page
            ? `Suggestions ${page.total === 0 ? 0 : page.offset + 1}–${page.offset + rows.length} of ${page.total}${openOnly && shown.length < rows.length ? ` (${rows.length - shown.length} on this page already reviewed, hidden)` : ''}`
            : 'Suggestions'
        }
        data={shown}
        columns={columns}
        rowId={(r) => String(r.synonym_id)}
        selection={selection}
        onSelectionChange={setSelection}
        empty="No suggestions to review. Discovery proposes them from sessions and ratings."
        testId="suggestions-table"
      />
      <div className="pager">
        <button type="button" disabled={offset === 0 || loading} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
          Previous
        </button>
        <button type="button" disabled={!page?.hasMore || loading} onClick={() => setOffset(offset + PAGE_SIZE)}>
          Next
        </button>
      </div>

      <section className="panel" aria-label="Review the selection">
        <h3>{selectedIds.length} selected</h3>
        <label htmlFor="review-reason">Reason (recorded in each entry's audit history)</label>
        <textarea id="review-reason" rows={2} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
        <div className="actions">
          <button type="button" disabled={selectedIds.length === 0 || selectedIds.length > MAX_SIMULATED || busy !== null} onClick={simulate}>
            What would change
          </button>
          {ACTIONS.map(({ action, label }) => (
            <button
              key={action}
              type="button"
              className={action === 'approve' ? 'primary' : undefined}
              disabled={selectedIds.length === 0 || !reasonOk || busy !== null || (action === 'approve' && needsImpact)}
              onClick={() => review(action)}
            >
              {label}
            </button>
          ))}
        </div>
        <p className="hint">
          {selectedIds.length > MAX_SIMULATED
            ? `The impact simulation takes at most ${MAX_SIMULATED} entries; approve in smaller batches to see it first.`
            : needsImpact
              ? 'Approve is available once “What would change” has been shown for this selection.'
              : !reasonOk && selectedIds.length > 0
                ? 'A reason is needed to review.'
                : ''}
        </p>
        {busy && <Busy label={busy} />}
        <ErrorMessage error={task.error} />
      </section>

      {impactShown && impact && <ImpactPanel simulation={impact.simulation} count={selectedIds.length} />}
      {answer && <ReviewResult answer={answer} />}
    </section>
  );
}

function ReviewResult({ answer }: { answer: ReviewAnswer }) {
  return (
    <section className="panel" aria-label="Review result" data-testid="review-result">
      <Notice text={answer.message} />
      <div className="table-wrap">
        <table>
          <caption>Per entry</caption>
          <thead>
            <tr>
              <th scope="col">Id</th>
              <th scope="col">Outcome</th>
              <th scope="col">From → to</th>
              <th scope="col">Error</th>
            </tr>
          </thead>
          <tbody>
            {answer.results.map((r) => (
              <tr key={r.id}>
                <td>{r.id}</td>
                <td>{r.outcome}</td>
                <td>{r.from ? `${r.from} → ${r.to ?? ''}` : ''}</td>
                <td>{r.error ? `${r.error.code}: ${r.error.message}` : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
