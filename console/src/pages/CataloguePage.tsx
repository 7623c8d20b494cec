import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { call } from '../api';
import { CURATORS, hasRole } from '../auth';
import { DataTable } from '../components/DataTable';
import { EntryEditor, splitTags, versionFromEtag } from '../components/EntryEditor';
import { HistoryList } from '../components/HistoryList';
import { Busy, ErrorMessage, Notice } from '../components/Status';
import { showValue } from '../components/ValueDiff';
import type { PageProps } from '../pages';
import { useLoad } from '../useLoad';
import { pageFromHeaders, STATUSES, type Page, type Synonym } from '../types';
import { AnySelect } from '../components/Controls';

const FILTERS = ['term', 'synonym', 'domain', 'status', 'user_role', 'department', 'source', 'tag'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;
const NO_FILTERS: Filters = { term: '', synonym: '', domain: '', status: '', user_role: '', department: '', source: '', tag: '' };
const FILTER_LABELS: Record<keyof Filters, string> = { term: 'Term', synonym: 'Synonym', domain: 'Domain', status: 'Status', user_role: 'Role', department: 'Department', source: 'Source', tag: 'Tag' };
const SORTS = ['created_at', 'updated_at', 'confidence', 'usage_count', 'success_rate', 'term', 'id'] as const;
/** SynonymSource values (the spec's enumeration; GET /synonyms refuses others) */
const SOURCES = ['manual_curation', 'user_feedback', 'ml_discovery', 'domain_expert', 'collaborative', 'external_api'];
const PAGE_SIZES = [10, 25, 50, 100];

/** The catalogue: search, filter, sort and page through entries; propose or create one; curators edit, delete and read the history. */
export function CataloguePage({ session }: PageProps) {
  const curator = hasRole(session, CURATORS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [applied, setApplied] = useState<Filters>(NO_FILTERS);
  const [sort, setSort] = useState<(typeof SORTS)[number]>('created_at');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [limit, setLimit] = useState(25);
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [reload, setReload] = useState(0);

  const load = useCallback(async () => {
    const { data, headers } = await call<{ synonyms: Synonym[]; total: number }>('GET', '/synonyms', { query: { ...applied, sort, order, limit, offset } });
    return { rows: data.synonyms, page: pageFromHeaders(headers) };
  }, [applied, sort, order, limit, offset]);
  const { result, error, busy } = useLoad(load, reload);
  const rows = result?.rows ?? [];
  const page: Page | null = result?.page ?? null;

  function search(e: FormEvent) {
    e.preventDefault();
    setApplied({ ...filters });
    setOffset(0);
  }

  const columns = useMemo<ColumnDef<Synonym, unknown>[]>(
    () => [
      { header: 'Id', accessorKey: 'id' },
      { header: 'Term', accessorKey: 'term' },
      { header: 'Synonym', accessorKey: 'synonym' },
      { header: 'Domain', accessorKey: 'domain' },
      { header: 'Status', accessorKey: 'status', cell: (c) => <span className={`status status-${c.row.original.status}`}>{c.row.original.status}</span> },
      { header: 'Confidence', accessorKey: 'confidence', cell: (c) => c.row.original.confidence.toFixed(2) },
      { header: 'Scope', id: 'scope', cell: (c) => [c.row.original.user_role, c.row.original.department].filter(Boolean).join(' / ') || 'everyone' },
      { header: 'Tags', id: 'tags', cell: (c) => c.row.original.tags.join(', ') },
      { header: 'Source', accessorKey: 'source' },
      { header: 'Updated', accessorKey: 'updated_at', cell: (c) => new Date(c.row.original.updated_at).toLocaleDateString() },
      {
        header: 'Actions',
        id: 'actions',
        cell: (c) => (
          <button type="button" aria-label={`${curator ? 'Open' : 'View'} ${c.row.original.term} → ${c.row.original.synonym} (id ${c.row.original.id})`} onClick={() => setSelected(c.row.original.id)}>
            {curator ? 'Open' : 'View'}
          </button>
        ),
      },
    ],
    [curator],
  );

  // focus back on the list when the entry panel closes (its buttons are gone)
  const focusTable = () => document.querySelector<HTMLElement>('[data-testid="catalogue-table"]')?.focus();

  const first = page && page.total > 0 ? page.offset + 1 : 0;
  const last = page ? page.offset + rows.length : 0;
  const pager = (where: string) => (
    <nav className="pager" aria-label={`Pages of the catalogue (${where})`}>
      <button type="button" disabled={busy || offset === 0} onClick={() => setOffset(Math.max(0, offset - limit))}>
        Previous
      </button>
      <span data-testid={where === 'top' ? 'catalogue-range' : undefined}>{page ? `Showing ${first}–${last} of ${page.total}` : ''}</span>
      <button type="button" disabled={busy || !page?.hasMore} onClick={() => setOffset(offset + limit)}>
        Next
      </button>
    </nav>
  );

  return (
    <section aria-label="Synonym catalogue">
      <datalist id="catalogue-domains">
        <option value="technical" />
        <option value="business" />
        <option value="general" />
      </datalist>
      <datalist id="catalogue-roles">
        <option value="developer" />
        <option value="manager" />
        <option value="analyst" />
        <option value="designer" />
      </datalist>
      <form className="filters" role="search" aria-label="Search the catalogue" onSubmit={search}>
        {FILTERS.map((f) =>
          f === 'status' ? (
            <label key={f}>
              {FILTER_LABELS[f]}
              <AnySelect value={filters.status} values={STATUSES} onChange={(v) => setFilters({ ...filters, status: v })} />
            </label>
          ) : f === 'source' ? (
            <label key={f}>
              {FILTER_LABELS[f]}
              <AnySelect value={filters.source} values={SOURCES} onChange={(v) => setFilters({ ...filters, source: v })} />
            </label>
          ) : (
            <label key={f}>
              {FILTER_LABELS[f]}
              <input
                value={filters[f]}
                size={12}
                list={f === 'domain' ? 'catalogue-domains' : f === 'user_role' ? 'catalogue-roles' : undefined}
                onChange={(e) => setFilters({ ...filters, [f]: e.target.value })}
              />
            </label>
          ),
        )}
        <label>
          Sort by
          <select
            value={sort}
            onChange={(e) => {
              setSort(e.target.value as (typeof SORTS)[number]);
              setOffset(0);
            }}
          >
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Order
          <select
            value={order}
            onChange={(e) => {
              setOrder(e.target.value as 'asc' | 'desc');
              setOffset(0);
            }}
          >
            <option value="desc">descending</option>
            <option value="asc">ascending</option>
          </select>
        </label>
        <label>
          Per page
          <select
            value={limit}
            onChange={(e) => {
              setLimit(Number(e.target.value));
              setOffset(0);
            }}
          >
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <div className="actions">
          <button type="submit">Search</button>
          <button
            type="button"
            onClick={() => {
              setFilters(NO_FILTERS);
              setApplied(NO_FILTERS);
              setOffset(0);
            }}
          >
            Clear
          </button>
        </div>
      </form>

      <CreateEntry
        curator={curator}
        onCreated={(message, id) => {
          setNotice(message);
          setReload((n) => n + 1);
          if (curator) setSelected(id);
        }}
      />
      <Notice text={notice} />
      <ErrorMessage error={error} />
      {pager('top')}
      {busy && <Busy label="Loading the catalogue…" />}
      <DataTable caption="Synonyms" data={rows} columns={columns} rowId={(r) => String(r.id)} empty="No synonym matches these filters." testId="catalogue-table" />
      {pager('bottom')}

      {selected !== null && (
        <EntryPanel
          key={selected}
          id={selected}
          curator={curator}
          onChanged={() => setReload((n) => n + 1)}
          onClose={() => {
            setSelected(null);
            focusTable();
          }}
          onDeleted={(message) => {
            setNotice(message);
            setSelected(null);
            // the last row of a page went: show the page before instead of an empty one
            if (rows.length === 1 && offset > 0) setOffset(Math.max(0, offset - limit));
            else setReload((n) => n + 1);
            focusTable();
          }}
        />
      )}
    </section>
  );
}

/** POST /synonyms: curators and admins create active entries, everyone else proposes pending ones. */
function CreateEntry({ curator, onCreated }: { curator: boolean; onCreated: (message: string, id: number) => void }) {
  const empty = { term: '', synonym: '', domain: '', confidence: '0.8', context: '', user_role: '', department: '', tags: '', notes: '' };
  const [form, setForm] = useState(empty);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const verb = curator ? 'Create' : 'Propose';
  const set = (patch: Partial<typeof empty>) => setForm({ ...form, ...patch });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const tags = splitTags(form.tags);
      const body = {
        term: form.term,
        synonym: form.synonym,
        domain: form.domain.trim() || undefined,
        confidence: form.confidence === '' ? undefined : Number(form.confidence),
        context: form.context.trim() || undefined,
        user_role: form.user_role.trim() || undefined,
        department: form.department.trim() || undefined,
        tags: tags.length ? tags : undefined,
        notes: form.notes.trim() || undefined,
      };
      const { data } = await call<{ message: string; synonym_id: number; status: string }>('POST', '/synonyms', { body });
      setForm(empty);
      onCreated(`${data.message} (id ${data.synonym_id}: ${form.term} → ${form.synonym}).`, data.synonym_id);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className="panel create-entry">
      <summary>{curator ? 'Create an entry' : 'Propose an entry (a curator reviews it)'}</summary>
      <form className="grid-form" data-testid="create-form" onSubmit={(e) => void submit(e)}>
        <label htmlFor="new-term">Term</label>
        <input id="new-term" required maxLength={200} value={form.term} onChange={(e) => set({ term: e.target.value })} />
        <label htmlFor="new-synonym">Synonym</label>
        <input id="new-synonym" required maxLength={200} value={form.synonym} onChange={(e) => set({ synonym: e.target.value })} />
        <label htmlFor="new-domain">Domain</label>
        <input id="new-domain" list="catalogue-domains" maxLength={50} placeholder="general" value={form.domain} onChange={(e) => set({ domain: e.target.value })} />
        <label htmlFor="new-confidence">Confidence</label>
        <input id="new-confidence" type="number" min={0} max={1} step={0.01} value={form.confidence} onChange={(e) => set({ confidence: e.target.value })} />
        <label htmlFor="new-role">Role (empty: any)</label>
        <input id="new-role" list="catalogue-roles" maxLength={50} value={form.user_role} onChange={(e) => set({ user_role: e.target.value })} />
        <label htmlFor="new-department">Department (empty: any)</label>
        <input id="new-department" maxLength={100} value={form.department} onChange={(e) => set({ department: e.target.value })} />
        <label htmlFor="new-tags">Tags (comma-separated)</label>
        <input id="new-tags" value={form.tags} onChange={(e) => set({ tags: e.target.value })} />
        <label htmlFor="new-context">Context</label>
        <input id="new-context" maxLength={1000} value={form.context} onChange={(e) => set({ context: e.target.value })} />
        <label htmlFor="new-notes">Notes</label>
        <textarea id="new-notes" className="wide" rows={2} maxLength={2000} value={form.notes} onChange={(e) => set({ notes: e.target.value })} />
        <div className="span actions">
          <button type="submit" disabled={busy}>
            {verb}
          </button>
          {!curator && <span className="hint">Your proposal is saved as pending until a curator approves it.</span>}
        </div>
      </form>
      {busy && <Busy label="Saving…" />}
      <ErrorMessage error={error} />
    </details>
  );
}

/** One entry: its fields for everyone; for curators the edit form, delete and the audit history. */
function EntryPanel({ id, curator, onChanged, onClose, onDeleted }: { id: number; curator: boolean; onChanged: () => void; onClose: () => void; onDeleted: (message: string) => void }) {
  const [notice, setNotice] = useState<string | null>(null);
  const [refresh, setRefresh] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const read = useCallback(async () => {
    const { data, headers } = await call<Synonym>('GET', `/synonyms/${id}`);
    return { entry: data, version: versionFromEtag(headers.get('ETag'), data.version) };
  }, [id]);
  const { result, error } = useLoad(read, refresh);
  const entry = result?.entry ?? null;
  const version = result?.version ?? 0;

  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <section className="panel entry-panel" aria-labelledby={`entry-${id}-title`} data-testid="entry-panel">
      <div className="panel-head">
        <h3 id={`entry-${id}-title`} ref={heading} tabIndex={-1}>
          {entry ? `${entry.term} → ${entry.synonym}` : `Entry ${id}`}
        </h3>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      <ErrorMessage error={error} />
      <Notice text={notice} />
      {entry && (
        <>
          <dl className="explanation">
            {(['id', 'status', 'domain', 'confidence', 'relevance_score', 'usage_count', 'success_rate', 'user_role', 'department', 'tags', 'source', 'created_by', 'version'] as const).map((k) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{showValue(entry[k])}</dd>
              </div>
            ))}
            <div>
              <dt>created</dt>
              <dd>{new Date(entry.created_at).toLocaleString()}</dd>
            </div>
            <div>
              <dt>updated</dt>
              <dd>{new Date(entry.updated_at).toLocaleString()}</dd>
            </div>
          </dl>
          {entry.context && <p>Context: {entry.context}</p>}
          {entry.notes && <p>Notes: {entry.notes}</p>}
          {curator && (
            <div className="entry-work">
              <EntryEditor
                key={version}
                entry={entry}
                version={version}
                onSaved={(message) => {
                  setNotice(message);
                  setRefresh((n) => n + 1);
                  onChanged();
                }}
              />
              <DeleteEntry id={id} onDeleted={onDeleted} />
              <HistoryList synonymId={id} refresh={refresh} />
            </div>
          )}
        </>
      )}
    </section>
  );
}

/** DELETE /synonyms/{id} with a reason, after a confirmation step. */
function DeleteEntry({ id, onDeleted }: { id: number; onDeleted: (message: string) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function remove(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { data } = await call<{ message: string }>('DELETE', `/synonyms/${id}`, { body: { reason: reason.trim() } });
      onDeleted(`${data.message}. Its history stays in the audit log.`);
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  }

  if (!confirming) {
    return (
      <div className="actions">
        <button type="button" className="danger" onClick={() => setConfirming(true)}>
          Delete…
        </button>
      </div>
    );
  }
  return (
    <form className="delete-form" onSubmit={(e) => void remove(e)} aria-label={`Delete entry ${id}`}>
      <p role="alert">Delete entry {id}? It stops being used for expansion at once; only its history stays.</p>
      <label htmlFor={`delete-${id}-reason`}>Reason (required)</label>
      <input id={`delete-${id}-reason`} required maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} autoFocus />
      <div className="actions">
        <button type="submit" className="danger" disabled={busy || !reason.trim()}>
          Confirm delete
        </button>
        <button type="button" disabled={busy} onClick={() => setConfirming(false)}>
          Cancel
        </button>
      </div>
      <ErrorMessage error={error} />
    </form>
  );
}
