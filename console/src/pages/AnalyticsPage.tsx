import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import { call } from '../api';
import { Chart } from '../components/Chart';
import { RowsTable } from '../components/RowsTable';
import { Busy, ErrorMessage } from '../components/Status';
import type { CsvCell } from '../csv';
import type { PageProps } from '../pages';
import { SummaryCards } from '../components/Controls';

/** GET /analytics/report as the console reads it (docs/ANALYTICS.md). */
interface Report {
  report_metadata: { generated_at: string; start_date: string | null; end_date: string | null; domain: string | null };
  expansion_metrics: {
    total_expansions: number;
    successful_expansions: number;
    success_rate: number;
    average_confidence: number;
    average_relevance: number;
    domain_breakdown: Record<string, number>;
    user_satisfaction: number;
    expansion_quality_score: number;
  };
  synonym_metrics: { total_synonyms: number; active_synonyms: number };
  user_behavior_metrics: {
    total_users: number;
    active_users: number;
    role_preferences: Record<string, { usage_count: number; avg_confidence: number; success_rate: number }>;
    department_usage: Record<string, number>;
    feedback_patterns: { total_feedback: number; feedback_by_type: { positive: number; negative: number }; average_rating: number };
    satisfaction_trends: { date: string; satisfaction: number }[];
  };
  quality_metrics: {
    precision_score: number;
    recall_score: number;
    f1_score: number;
    domain_accuracy: Record<string, number>;
    user_rating_distribution: Record<string, number>;
    quality_trends: { date: string; precision: number; recall: number; f1: number }[];
  };
  curation_metrics?: { open_queue: number };
  /** an addition to the spec (docs/ANALYTICS.md): days with expansions only */
  expansion_trends?: { date: string; expansions: number; successful_expansions: number }[];
  insights: { type: 'positive' | 'warning' | 'info'; category: string; message: string; impact: 'high' | 'medium' | 'low' }[];
  recommendations: { category: string; priority: 'high' | 'medium' | 'low'; action: string; description: string; impact: string }[];
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const fixed = (x: number, digits = 2) => x.toFixed(digits);

/** The report of a period and domain: summary cards, charts each with its table and CSV, insights and recommendations. */
export function AnalyticsPage(_props: PageProps) {
  const [start, setStart] = useState(() => isoDay(Date.now() - 29 * DAY_MS));
  const [end, setEnd] = useState(() => isoDay(Date.now()));
  const [domain, setDomain] = useState('');
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const loaded = useRef(false);

  async function load() {
    setBusy(true);
    setError(null);
    try {
      const { data } = await call<Report>('GET', '/analytics/report', { query: { start_date: start, end_date: end, domain: domain.trim() } });
      setReport(data);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    // one report on opening the page (the default period), then only on "Show report"
    if (loaded.current) return;
    loaded.current = true;
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!busy) void load();
  }

  return (
    <section aria-label="Analytics report">
      <form className="filters" onSubmit={submit}>
        <label>
          From
          <input type="date" value={start} max={end || undefined} onChange={(e) => setStart(e.target.value)} />
        </label>
        <label>
          To
          <input type="date" value={end} min={start || undefined} onChange={(e) => setEnd(e.target.value)} />
        </label>
        <label>
          Domain
          <input list="analytics-domains" value={domain} placeholder="all domains" onChange={(e) => setDomain(e.target.value)} />
        </label>
        <datalist id="analytics-domains">
          <option value="technical" />
          <option value="business" />
          <option value="general" />
        </datalist>
        <button type="submit" disabled={busy}>
          Show report
        </button>
      </form>
      {busy && <Busy label="Computing the report…" />}
      <ErrorMessage error={error} />
      {report && <ReportView report={report} />}
    </section>
  );
}

function ReportView({ report }: { report: Report }) {
  const m = report.expansion_metrics;
  const u = report.user_behavior_metrics;
  const q = report.quality_metrics;
  const meta = report.report_metadata;
  const suffix = `${meta.start_date?.slice(0, 10) ?? 'start'}_${meta.end_date?.slice(0, 10) ?? 'now'}${meta.domain ? `_${meta.domain}` : ''}`;
  const file = (name: string) => `${name}_${suffix}.csv`;

  const expansions = useMemo(() => fillDays(report.expansion_trends ?? [], meta.start_date, meta.end_date), [report.expansion_trends, meta.start_date, meta.end_date]);
  const domains = useMemo(() => Object.entries(m.domain_breakdown).sort((a, b) => b[1] - a[1]), [m.domain_breakdown]);
  const ratings = useMemo(() => ['1', '2', '3', '4', '5'].map((k) => [k, q.user_rating_distribution[k] ?? 0] as [string, number]), [q.user_rating_distribution]);
  const roles = useMemo(() => Object.entries(u.role_preferences).sort((a, b) => b[1].usage_count - a[1].usage_count), [u.role_preferences]);

  const options = useMemo(
    () => ({
      expansions: lines(
        expansions.map((p) => p.date),
        [
          { name: 'Expansions', data: expansions.map((p) => p.expansions) },
          { name: 'Successful', data: expansions.map((p) => p.successful_expansions) },
        ],
      ),
      satisfaction: lines(
        u.satisfaction_trends.map((p) => p.date),
        [{ name: 'Satisfaction', data: u.satisfaction_trends.map((p) => p.satisfaction) }],
        1,
      ),
      quality: lines(
        q.quality_trends.map((p) => p.date),
        [
          { name: 'Precision', data: q.quality_trends.map((p) => p.precision) },
          { name: 'Recall', data: q.quality_trends.map((p) => p.recall) },
          { name: 'F1', data: q.quality_trends.map((p) => p.f1) },
        ],
        1,
      ),
      domains: bars(domains.map(([d]) => d), domains.map(([, n]) => n), 'Expansions'),
      ratings: bars(ratings.map(([r]) => `${r} ★`), ratings.map(([, n]) => n), 'Ratings'),
      roles: bars(roles.map(([r]) => r), roles.map(([, r]) => r.usage_count), 'Expansions'),
    }),
    [expansions, u.satisfaction_trends, q.quality_trends, domains, ratings, roles],
  );

  const cards: [string, string][] = [
    ['Total expansions', String(m.total_expansions)],
    ['Successful expansions', String(m.successful_expansions)],
    ['Success rate', pct(m.success_rate)],
    ['Average confidence', fixed(m.average_confidence)],
    ['User satisfaction', pct(m.user_satisfaction)],
    ['Quality score', fixed(m.expansion_quality_score)],
    ['Total users', String(u.total_users)],
    ['Active users (7 days)', String(u.active_users)],
    ['Feedback', String(u.feedback_patterns.total_feedback)],
    ['Average rating', u.feedback_patterns.average_rating ? fixed(u.feedback_patterns.average_rating) : '–'],
    ['Precision / recall', `${fixed(q.precision_score)} / ${fixed(q.recall_score)}`],
    ['F1', fixed(q.f1_score)],
    ['Active synonyms', `${report.synonym_metrics.active_synonyms} of ${report.synonym_metrics.total_synonyms}`],
  ];
  if (report.curation_metrics) cards.push(['Suggestions to review', String(report.curation_metrics.open_queue)]);

  return (
    <div data-testid="analytics-report">
      <p className="hint">
        {meta.start_date ? meta.start_date.slice(0, 10) : 'from the start'} to {meta.end_date ? meta.end_date.slice(0, 10) : 'now'} (UTC days), {meta.domain ? `domain ${meta.domain}` : 'all domains'}; generated{' '}
        {new Date(meta.generated_at).toLocaleString()}.
      </p>
      <SummaryCards label="Summary" items={cards} />

      <div className="charts">
        <ChartPanel title="Expansions over time" testId="chart-expansions" option={options.expansions} empty={m.total_expansions === 0}>
          <RowsTable caption="Expansions per day" header={['date', 'expansions', 'successful_expansions']} rows={expansions.map((p) => [p.date, p.expansions, p.successful_expansions])} filename={file('expansions')} />
        </ChartPanel>
        <ChartPanel title="Satisfaction over time" testId="chart-satisfaction" option={options.satisfaction} empty={u.satisfaction_trends.length === 0}>
          <RowsTable caption="Satisfaction per day (0–1)" header={['date', 'satisfaction']} rows={u.satisfaction_trends.map((p) => [p.date, p.satisfaction])} filename={file('satisfaction')} />
        </ChartPanel>
        <ChartPanel title="Quality trends" testId="chart-quality" option={options.quality} empty={q.quality_trends.length === 0}>
          <RowsTable caption="Precision, recall and F1 per day" header={['date', 'precision', 'recall', 'f1']} rows={q.quality_trends.map((p) => [p.date, p.precision, p.recall, p.f1])} filename={file('quality')} />
        </ChartPanel>
        <ChartPanel title="Expansions by domain" testId="chart-domains" option={options.domains} empty={domains.length === 0}>
          <RowsTable
            caption="Expansions and precision per domain"
            header={['domain', 'expansions', 'precision']}
            rows={domains.map(([d, n]): CsvCell[] => [d, n, q.domain_accuracy[d] ?? null])}
            filename={file('domains')}
          />
        </ChartPanel>
        <ChartPanel title="Rating distribution" testId="chart-ratings" option={options.ratings} empty={ratings.every(([, n]) => n === 0)}>
          <RowsTable caption="Feedback per rating" header={['rating', 'count']} rows={ratings.map(([r, n]) => [r, n])} filename={file('ratings')} />
        </ChartPanel>
        <ChartPanel title="Role preferences" testId="chart-roles" option={options.roles} empty={roles.length === 0}>
          <RowsTable
            caption="Usage per role"
            header={['role', 'usage_count', 'success_rate', 'avg_confidence']}
            rows={roles.map(([r, v]) => [r, v.usage_count, v.success_rate, v.avg_confidence])}
            filename={file('roles')}
          />
        </ChartPanel>
      </div>

      <div className="two-col">
        <section aria-labelledby="insights-title">
          <h3 id="insights-title">Insights</h3>
          {report.insights.length === 0 ? (
            <p className="hint" data-testid="insights">
              No insights for this period.
            </p>
          ) : (
            <ul className="insights" data-testid="insights">
              {report.insights.map((i, n) => (
                <li key={n}>
                  <span className={`badge badge-${i.type}`}>{i.type}</span> <span className={`badge badge-level-${i.impact}`}>{i.impact} impact</span> <span className="hint">{i.category}</span>
                  <div>{i.message}</div>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="recommendations-title">
          <h3 id="recommendations-title">Recommendations</h3>
          {report.recommendations.length === 0 ? (
            <p className="hint" data-testid="recommendations">
              No recommendations for this period.
            </p>
          ) : (
            <ul className="insights" data-testid="recommendations">
              {report.recommendations.map((r, n) => (
                <li key={n}>
                  <span className={`badge badge-level-${r.priority}`}>{r.priority} priority</span> <code>{r.action}</code> <span className="hint">{r.category}</span>
                  <div>{r.description}</div>
                  <div className="hint">Impact: {r.impact}</div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

function ChartPanel({ title, testId, option, empty, children }: { title: string; testId: string; option: EChartsCoreOption; empty: boolean; children: ReactNode }) {
  return (
    <section className="chart-panel" aria-label={title}>
      <h3>{title}</h3>
      {empty && <p className="hint">No data in this period.</p>}
      <Chart option={option} label={title} testId={testId} />
      <details>
        <summary>Data table</summary>
        {children}
      </details>
    </section>
  );
}

/** Every UTC day of the period with its expansions (0 on days without), when the period is bounded and at most a year. */
function fillDays(points: { date: string; expansions: number; successful_expansions: number }[], start: string | null, end: string | null) {
  if (!start || !end) return points;
  const from = Date.parse(`${start.slice(0, 10)}T00:00:00Z`);
  const to = Date.parse(`${end.slice(0, 10)}T00:00:00Z`);
  if (!(to >= from) || (to - from) / DAY_MS > 366) return points;
  const byDay = new Map(points.map((p) => [p.date, p]));
  const out: typeof points = [];
  for (let t = from; t <= to; t += DAY_MS) {
    const d = isoDay(t);
    out.push(byDay.get(d) ?? { date: d, expansions: 0, successful_expansions: 0 });
  }
  return out;
}

const grid = { left: 48, right: 16, top: 36, bottom: 40, containLabel: false };

function lines(dates: string[], series: { name: string; data: number[] }[], max?: number): EChartsCoreOption {
  return {
    grid,
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    xAxis: { type: 'category', data: dates, boundaryGap: false },
    yAxis: { type: 'value', min: 0, max, minInterval: max ? undefined : 1 },
    series: series.map((s) => ({ type: 'line', name: s.name, data: s.data, showSymbol: dates.length <= 31 })),
  };
}

function bars(categories: string[], data: number[], name: string, rotateAbove = 6): EChartsCoreOption {
  return {
    grid,
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: categories, axisLabel: { interval: 0, rotate: categories.length > rotateAbove ? 30 : 0 } },
    yAxis: { type: 'value', min: 0, minInterval: 1 },
    series: [{ type: 'bar', name, data, barMaxWidth: 48 }],
  };
}
