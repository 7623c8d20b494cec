import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useAction } from '../useAction';
import { showValue } from '../components/ValueDiff';
import type { ColumnDef } from '@tanstack/react-table';
import { call } from '../api';
import { Chart } from '../components/Chart';
import { DataTable } from '../components/DataTable';
import { RowsTable } from '../components/RowsTable';
import { Busy, ErrorMessage, Notice } from '../components/Status';
import type { PageProps } from '../pages';
import { pageFromHeaders, STATUSES, type AuditEntry, type Page } from '../types';
import { AnySelect, SummaryCards } from '../components/Controls';

/** GET /admin/dashboard. */
interface Dashboard {
  summary: { total_synonyms: number; active_synonyms: number; pending_synonyms: number; deprecated_synonyms: number; avg_confidence: number; avg_success_rate: number };
  domain_distribution: Record<string, number>;
  recent_activity: Record<string, number>;
  top_contributors: Record<string, number>;
}

/** POST /admin/bulk-import. */
interface ImportResponse {
  success: boolean;
  result: {
    total_records: number;
    successful_imports: number;
    failed_imports: number;
    conflicts_detected: number;
    errors: { row: number; error: string; data: Record<string, unknown> }[];
    warnings: { row: number; warning: string; conflicts: string[] }[];
  };
}

interface ExportResponse {
  success: boolean;
  message: string;
  records_exported: number;
  output_path: string;
}

const AUDIT_ACTIONS = ['create', 'update', 'delete', 'status_change', 'import'] as const;
const PAGE_SIZE = 25;
const sorted = (r: Record<string, number>) => Object.entries(r).sort((a, b) => b[1] - a[1]);

/** The admin's page: dashboard, audit log, bulk import and export. Admin routes allow 10 calls a minute, so each part loads once and then on demand. */
export function AdminPage(_props: PageProps) {
  return (
    <>
      <DashboardSection />
      <AuditLogSection />
      <ImportSection />
      <ExportSection />
    </>
  );
}

function useOnce(fn: () => void) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    fn();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

function DashboardSection() {
  const [data, setData] = useState<Dashboard | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function load() {
    setBusy(true);
    setError(null);
    try {
      setData((await call<Dashboard>('GET', '/admin/dashboard')).data);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }
  useOnce(() => void load());

  const domains = useMemo(() => (data ? sorted(data.domain_distribution) : []), [data]);
  const option = useMemo(
    () => ({
      grid: { left: 48, right: 16, top: 16, bottom: 40 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: domains.map(([d]) => d), axisLabel: { interval: 0, rotate: domains.length > 4 ? 30 : 0 } },
      yAxis: { type: 'value', min: 0, minInterval: 1 },
      series: [{ type: 'bar', name: 'Entries', data: domains.map(([, n]) => n), barMaxWidth: 48 }],
    }),
    [domains],
  );

  return (
    <section aria-labelledby="dash-title">
      <div className="section-head">
        <h3 id="dash-title">Dashboard</h3>
        <button type="button" onClick={() => void load()} disabled={busy}>
          Refresh
        </button>
      </div>
      {busy && <Busy label="Loading the dashboard…" />}
      <ErrorMessage error={error} />
      {data && (
        <div data-testid="admin-dashboard">
          <SummaryCards
            label="Catalogue summary"
            items={[
              ['Synonyms', String(data.summary.total_synonyms)],
              ['Active', String(data.summary.active_synonyms)],
              ['Pending', String(data.summary.pending_synonyms)],
              ['Deprecated', String(data.summary.deprecated_synonyms)],
              ['Average confidence', data.summary.avg_confidence.toFixed(2)],
              ['Average success rate', `${(data.summary.avg_success_rate * 100).toFixed(1)} %`],
            ]}
          />
          <div className="charts">
            <section className="chart-panel" aria-label="Entries per domain">
              <h3>Entries per domain</h3>
              <Chart option={option} label="Catalogue entries per domain" testId="chart-admin-domains" />
              <details>
                <summary>Data table</summary>
                <RowsTable caption="Entries per domain" header={['domain', 'entries']} rows={domains} filename="domain_distribution.csv" />
              </details>
            </section>
            <div>
              <RowsTable caption="Recent activity (audit actions, last 7 days)" header={['action', 'count']} rows={sorted(data.recent_activity)} filename="recent_activity.csv" empty="No changes in the last 7 days." testId="recent-activity" />
              <RowsTable caption="Top contributors (entries created)" header={['user', 'entries']} rows={sorted(data.top_contributors)} filename="top_contributors.csv" testId="top-contributors" />
            </div>
          </div>
        </div>
      )}
    </section>
  );
}

interface AuditFilters {
  synonym_id: string;
  user_id: string;
  action: string;
  start_date: string;
  end_date: string;
  order: 'desc' | 'asc';
}

const NO_FILTERS: AuditFilters = { synonym_id: '', user_id: '', action: '', start_date: '', end_date: '', order: 'desc' };

function AuditLogSection() {
  const [form, setForm] = useState<AuditFilters>(NO_FILTERS);
  const [applied, setApplied] = useState<AuditFilters>(NO_FILTERS);
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [page, setPage] = useState<Page | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function load(filters: AuditFilters, offset: number) {
    setBusy(true);
    setError(null);
    try {
      const { data, headers } = await call<{ audit_entries: AuditEntry[] }>('GET', '/admin/audit-log', { query: { ...filters, limit: PAGE_SIZE, offset } });
      setEntries(data.audit_entries);
      setPage(pageFromHeaders(headers));
      setApplied(filters);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }
  useOnce(() => void load(NO_FILTERS, 0));

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!busy) void load(form, 0);
  }
  const set = (k: keyof AuditFilters) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  const columns = useMemo<ColumnDef<AuditEntry, unknown>[]>(
    () => [
      { header: 'When', accessorKey: 'performed_at', cell: (c) => new Date(c.getValue() as string).toLocaleString() },
      { header: 'Synonym', accessorKey: 'synonym_id' },
      { header: 'Action', accessorKey: 'action' },
      { header: 'By', accessorKey: 'performed_by' },
      { header: 'Changes', id: 'changes', cell: (c) => changes(c.row.original) },
      { header: 'Reason', accessorKey: 'reason', cell: (c) => (c.getValue() as string | null) ?? '' },
    ],
    [],
  );

  const size = page?.size || PAGE_SIZE;
  const offset = page?.offset ?? 0;
  return (
    <section aria-labelledby="audit-title">
      <h3 id="audit-title">Audit log</h3>
      <form className="filters" onSubmit={submit} aria-label="Audit log filters">
        <label>
          Synonym id
          <input type="number" min={1} value={form.synonym_id} onChange={set('synonym_id')} className="narrow" />
        </label>
        <label>
          User
          <input value={form.user_id} onChange={set('user_id')} />
        </label>
        <label>
          Action
          <AnySelect value={form.action} values={AUDIT_ACTIONS} onChange={(v) => setForm({ ...form, action: v })} />
        </label>
        <label>
          From
          <input type="date" value={form.start_date} onChange={set('start_date')} />
        </label>
        <label>
          To
          <input type="date" value={form.end_date} onChange={set('end_date')} />
        </label>
        <label>
          Order
          <select value={form.order} onChange={set('order')}>
            <option value="desc">newest first</option>
            <option value="asc">oldest first</option>
          </select>
        </label>
        <button type="submit" disabled={busy}>
          Show entries
        </button>
      </form>
      {busy && <Busy label="Loading the audit log…" />}
      <ErrorMessage error={error} />
      {entries && page && (
        <>
          <div className="wide-table">
            <DataTable caption="Audit entries" data={entries} columns={columns} rowId={(e) => String(e.id)} empty="No entries match." testId="audit-log" />
          </div>
          <div className="pager" aria-label="Audit log pages">
            <button type="button" disabled={busy || offset === 0} onClick={() => void load(applied, Math.max(0, offset - size))}>
              Previous
            </button>
            <span data-testid="audit-range">
              {page.total === 0 ? '0 entries' : `${offset + 1}–${offset + entries.length} of ${page.total}`}
            </span>
            <button type="button" disabled={busy || !page.hasMore} onClick={() => void load(applied, offset + size)}>
              Next
            </button>
          </div>
        </>
      )}
    </section>
  );
}

/** What a change did: the pair for a creation or deletion, "field: old → new" for an update; every field in a disclosure. */
function changes(e: AuditEntry) {
  const before = e.old_values ?? {};
  const after = e.new_values ?? {};
  const show = (v: unknown) => (v === undefined || v === null ? '–' : showValue(v));
  let summary: string;
  if (e.old_values && e.new_values) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    summary = keys.map((k) => `${k}: ${show(before[k])} → ${show(after[k])}`).join('; ') || 'no field changed';
  } else {
    const v = e.new_values ?? e.old_values ?? {};
    summary = 'term' in v ? `${show(v.term)} → ${show(v.synonym)} (${show(v.domain)}, ${show(v.status)})` : '';
  }
  const all = e.new_values ?? e.old_values;
  return (
    <>
      {summary}
      {all && (e.old_values === null || e.new_values === null) && (
        <details>
          <summary>All fields</summary>
          <code className="wrap">{JSON.stringify(all)}</code>
        </details>
      )}
    </>
  );
}

function ImportSection() {
  const [filePath, setFilePath] = useState('');
  const [format, setFormat] = useState<'csv' | 'json'>('csv');
  const [domain, setDomain] = useState('');
  const [answer, setAnswer] = useState<ImportResponse | null>(null);
  const { busy, error, run } = useAction();

  function submit(e: FormEvent) {
    e.preventDefault();
    void run(async () => {
      setAnswer(null);
      const { data } = await call<ImportResponse>('POST', '/admin/bulk-import', { body: { file_path: filePath.trim(), import_format: format, domain: domain.trim() || undefined } });
      setAnswer(data);
    });
  }

  const r = answer?.result;
  return (
    <section aria-labelledby="import-title">
      <h3 id="import-title">Bulk import</h3>
      <form className="stack-form" onSubmit={submit} aria-busy={busy}>
        <label htmlFor="import-path">File path (inside the import directory)</label>
        <input id="import-path" value={filePath} onChange={(e) => setFilePath(e.target.value)} required maxLength={1024} placeholder="synonyms.csv" />
        <label htmlFor="import-format">Format</label>
        <select id="import-format" value={format} onChange={(e) => setFormat(e.target.value as 'csv' | 'json')}>
          <option value="csv">CSV</option>
          <option value="json">JSON</option>
        </select>
        <label htmlFor="import-domain">Default domain (rows without one)</label>
        <input id="import-domain" value={domain} onChange={(e) => setDomain(e.target.value)} placeholder="general" />
        <div>
          <button type="submit" disabled={busy}>
            Import
          </button>
        </div>
      </form>
      {busy && <Busy label="Importing… (do not close the page)" />}
      <ErrorMessage error={error} />
      {r && (
        <div data-testid="import-result">
          <Notice text={`Import ${answer.success ? 'finished' : 'failed'}: ${r.successful_imports} of ${r.total_records} record(s) imported, ${r.failed_imports} failed, ${r.conflicts_detected} conflict(s).`} />
          <SummaryCards
            label="Import totals"
            items={[
              ['Records', r.total_records],
              ['Imported', r.successful_imports],
              ['Failed', r.failed_imports],
              ['Conflicts', r.conflicts_detected],
            ]}
          />
          <RowsTable caption={`Errors (${r.errors.length})`} header={['row', 'error', 'data']} rows={r.errors.map((x) => [x.row, x.error, JSON.stringify(x.data)])} filename="import_errors.csv" empty="No errors." testId="import-errors" />
          <RowsTable caption={`Warnings (${r.warnings.length})`} header={['row', 'warning', 'conflicts']} rows={r.warnings.map((x) => [x.row, x.warning, x.conflicts.join(' ')])} filename="import_warnings.csv" empty="No warnings." testId="import-warnings" />
        </div>
      )}
    </section>
  );
}

function ExportSection() {
  const [outputPath, setOutputPath] = useState('');
  const [format, setFormat] = useState<'csv' | 'json' | 'solr'>('csv');
  const [domain, setDomain] = useState('');
  const [status, setStatus] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const { busy, error, run } = useAction();

  function submit(e: FormEvent) {
    e.preventDefault();
    void run(async () => {
      setMessage(null);
      const { data } = await call<ExportResponse>('POST', '/admin/export', { body: { output_path: outputPath.trim(), export_format: format, domain: domain.trim() || undefined, status: status || undefined } });
      setMessage(data.message);
    });
  }

  return (
    <section aria-labelledby="export-title">
      <h3 id="export-title">Export</h3>
      <form className="stack-form" onSubmit={submit} aria-busy={busy}>
        <label htmlFor="export-path">Output path (inside the export directory)</label>
        <input id="export-path" value={outputPath} onChange={(e) => setOutputPath(e.target.value)} required maxLength={1024} placeholder="synonyms-export.csv" />
        <label htmlFor="export-format">Format</label>
        <select id="export-format" value={format} onChange={(e) => setFormat(e.target.value as 'csv' | 'json' | 'solr')}>
          <option value="csv">CSV</option>
          <option value="json">JSON</option>
          <option value="solr">Solr synonyms</option>
        </select>
        <label htmlFor="export-domain">Domain</label>
        <input id="export-domain" value={domain} onChange={(e) => setDomain(e.target.value)} placeholder="all domains" />
        <label htmlFor="export-status">Status</label>
        <AnySelect id="export-status" value={status} values={STATUSES} onChange={setStatus} />
        <div>
          <button type="submit" disabled={busy}>
            Export
          </button>
        </div>
      </form>
      {busy && <Busy label="Exporting…" />}
      <ErrorMessage error={error} />
      <div data-testid="export-result">
        <Notice text={message} />
      </div>
    </section>
  );
}
