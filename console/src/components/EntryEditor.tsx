import { useState, type FormEvent } from 'react';
import { ApiError, call } from '../api';
import { ALLOWED_MOVES, type Synonym, type SynonymStatus } from '../types';
import { Busy, ErrorMessage } from './Status';
import { sameValue, showValue } from './ValueDiff';

/** The fields PUT /synonyms/{id} edits (docs/API.md, "Synonyms"); term and synonym are not editable. */
export const EDITABLE_FIELDS = ['status', 'confidence', 'domain', 'user_role', 'department', 'context', 'tags', 'notes'] as const;
type Field = (typeof EDITABLE_FIELDS)[number];
type Changes = Partial<Record<Field, unknown>>;

interface Draft {
  status: SynonymStatus;
  confidence: string;
  domain: string;
  user_role: string;
  department: string;
  context: string;
  tags: string;
  notes: string;
  reason: string;
}

function draftFrom(entry: Synonym): Draft {
  return {
    status: entry.status,
    confidence: String(entry.confidence),
    domain: entry.domain,
    user_role: entry.user_role ?? '',
    department: entry.department ?? '',
    context: entry.context ?? '',
    tags: entry.tags.join(', '),
    notes: entry.notes ?? '',
    reason: '',
  };
}

export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

/** What the draft changes on the entry, as PUT fields; null lifts a role or department restriction. */
function changesOf(entry: Synonym, d: Draft): Changes {
  const wanted: Record<Field, unknown> = {
    status: d.status,
    confidence: Number(d.confidence),
    domain: d.domain.trim().toLowerCase(),
    user_role: d.user_role.trim() ? d.user_role.trim().toLowerCase() : null,
    department: d.department.trim() ? d.department.trim() : null,
    context: d.context.trim(),
    tags: splitTags(d.tags),
    notes: d.notes.trim(),
  };
  const changes: Changes = {};
  for (const f of EDITABLE_FIELDS) if (!sameValue(entry[f], wanted[f])) changes[f] = wanted[f];
  return changes;
}

/** The version in an ETag header ("<version>"), or the entry's own. */
export function versionFromEtag(etag: string | null, fallback: number): number {
  const m = etag?.match(/(\d+)/);
  return m ? Number(m[1]) : fallback;
}

interface Conflict {
  changes: Changes;
  reason: string;
  mine: Synonym;
  server: Synonym;
  serverVersion: number;
}

/**
 * The curator's edit form of one entry: PUT with If-Match of the version read. On 409 VERSION_CONFLICT it re-reads the
 * entry and shows both versions side by side, to re-apply the same changes on the new version or discard them.
 */
export function EntryEditor({ entry, version, onSaved }: { entry: Synonym; version: number; onSaved: (message: string) => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftFrom(entry));
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  // saved: the form waits for the entry's new version (the panel re-reads it and opens a fresh form on it), so a
  // second save cannot go out on the old version and meet the curator's own change as a conflict
  const [saved, setSaved] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const id = entry.id;

  async function put(changes: Changes, reason: string, ifMatch: number, base: Synonym) {
    setBusy(true);
    setError(null);
    try {
      const { data } = await call<{ message: string; version: number }>('PUT', `/synonyms/${id}`, { body: { ...changes, reason }, headers: { 'If-Match': `"${ifMatch}"` } });
      setConflict(null);
      setSaved(true);
      onSaved(`${data.message} (now version ${data.version}).`);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'VERSION_CONFLICT') {
        try {
          const { data: server, headers } = await call<Synonym>('GET', `/synonyms/${id}`);
          setConflict({ changes, reason, mine: { ...base, ...changes } as Synonym, server, serverVersion: versionFromEtag(headers.get('ETag'), server.version) });
        } catch (readErr) {
          setError(readErr);
        }
      } else {
        setError(err);
      }
    } finally {
      setBusy(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const changes = changesOf(entry, draft);
    if (Object.keys(changes).length === 0) {
      setError(new Error('Nothing to save: no field differs from the entry.'));
      return;
    }
    void put(changes, draft.reason.trim(), version, entry);
  }

  const p = `edit-${id}`;
  const moves = ALLOWED_MOVES[entry.status];
  return (
    <section aria-labelledby={`${p}-title`}>
      <h4 id={`${p}-title`}>Edit (version {version})</h4>
      <form className="grid-form" data-testid="edit-form" onSubmit={submit}>
        <label htmlFor={`${p}-status`}>Status</label>
        <select id={`${p}-status`} value={draft.status} onChange={(e) => set({ status: e.target.value as SynonymStatus })}>
          <option value={entry.status}>{entry.status} (current)</option>
          {moves.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <label htmlFor={`${p}-confidence`}>Confidence</label>
        <input id={`${p}-confidence`} type="number" min={0} max={1} step={0.01} required value={draft.confidence} onChange={(e) => set({ confidence: e.target.value })} />
        <label htmlFor={`${p}-domain`}>Domain</label>
        <input id={`${p}-domain`} list="catalogue-domains" required maxLength={50} value={draft.domain} onChange={(e) => set({ domain: e.target.value })} />
        <label htmlFor={`${p}-role`}>Role (empty: any)</label>
        <input id={`${p}-role`} list="catalogue-roles" maxLength={50} value={draft.user_role} onChange={(e) => set({ user_role: e.target.value })} />
        <label htmlFor={`${p}-department`}>Department (empty: any)</label>
        <input id={`${p}-department`} maxLength={100} value={draft.department} onChange={(e) => set({ department: e.target.value })} />
        <label htmlFor={`${p}-tags`}>Tags (comma-separated)</label>
        <input id={`${p}-tags`} value={draft.tags} onChange={(e) => set({ tags: e.target.value })} />
        <label htmlFor={`${p}-context`}>Context</label>
        <textarea id={`${p}-context`} className="wide" rows={2} maxLength={1000} value={draft.context} onChange={(e) => set({ context: e.target.value })} />
        <label htmlFor={`${p}-notes`}>Notes</label>
        <textarea id={`${p}-notes`} className="wide" rows={2} maxLength={2000} value={draft.notes} onChange={(e) => set({ notes: e.target.value })} />
        <label htmlFor={`${p}-reason`}>Reason (required, kept in the history)</label>
        <input id={`${p}-reason`} className="wide" required maxLength={1000} value={draft.reason} onChange={(e) => set({ reason: e.target.value })} />
        <div className="span actions">
          <button type="submit" disabled={busy || saved || conflict !== null}>
            Save changes
          </button>
          <button type="button" disabled={busy} onClick={() => setDraft(draftFrom(entry))}>
            Reset
          </button>
        </div>
      </form>
      {busy && <Busy label="Saving…" />}
      <ErrorMessage error={error} />
      {conflict && (
        <ConflictPanel
          conflict={conflict}
          busy={busy}
          onReapply={() => void put(conflict.changes, conflict.reason, conflict.serverVersion, conflict.server)}
          onDiscard={() => {
            setConflict(null);
            onSaved(`Your changes were discarded; showing version ${conflict.serverVersion}.`);
          }}
        />
      )}
    </section>
  );
}

function ConflictPanel({ conflict, busy, onReapply, onDiscard }: { conflict: Conflict; busy: boolean; onReapply: () => void; onDiscard: () => void }) {
  const changed = Object.keys(conflict.changes);
  return (
    <div className="panel conflict-panel" data-testid="conflict-panel" aria-labelledby="conflict-title">
      <h4 id="conflict-title" role="alert">Someone else changed this entry (now version {conflict.serverVersion})</h4>
      <p>
        Your changes ({changed.join(', ')}) were not saved. Highlighted rows differ between your version and the server&apos;s current one. Re-apply sends only the fields
        you changed, on the new version.
      </p>
      <div className="table-wrap">
        <table className="conflict-table">
          <caption className="sr-only">Your version and the server&apos;s current version, field by field</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Yours</th>
              <th scope="col">Server&apos;s current</th>
            </tr>
          </thead>
          <tbody>
            {EDITABLE_FIELDS.map((f) => {
              const differs = !sameValue(conflict.mine[f], conflict.server[f]);
              return (
                <tr key={f} className={differs ? 'differs' : undefined}>
                  <th scope="row">
                    {f}
                    {differs && <span className="sr-only"> (differs)</span>}
                  </th>
                  <td>{showValue(conflict.mine[f])}</td>
                  <td>{showValue(conflict.server[f])}</td>
                </tr>
              );
            })}
            <tr>
              <th scope="row">updated</th>
              <td>{new Date(conflict.mine.updated_at).toLocaleString()}</td>
              <td>{new Date(conflict.server.updated_at).toLocaleString()}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <div className="actions">
        <button type="button" className="primary" disabled={busy} onClick={onReapply}>
          Re-apply my changes on version {conflict.serverVersion}
        </button>
        <button type="button" disabled={busy} onClick={onDiscard}>
          Discard my changes
        </button>
      </div>
    </div>
  );
}
