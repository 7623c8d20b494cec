import { useState, type FormEvent } from 'react';
import { call } from '../api';
import { Busy, ErrorMessage, Notice } from '../components/Status';
import type { PageProps } from '../pages';
import { EXPANSION_TYPES, type ExpandResponse, type ExpansionResult } from '../types';

/** The expand playground: a query with role, domain, settings and context; each alternative with its score explanation and a rating. */
export function TryItPage(_props: PageProps) {
  const [query, setQuery] = useState('');
  const [role, setRole] = useState('');
  const [department, setDepartment] = useState('');
  const [domain, setDomain] = useState('');
  const [maxExpansions, setMaxExpansions] = useState('10');
  const [threshold, setThreshold] = useState('');
  const [strategies, setStrategies] = useState<string[]>([]);
  const [conversation, setConversation] = useState('');
  const [answer, setAnswer] = useState<ExpandResponse | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const settings: Record<string, number> = {};
      if (maxExpansions) settings.max_expansions = Number(maxExpansions);
      if (threshold) settings.confidence_threshold = Number(threshold);
      const lines = conversation.split('\n').map((l) => l.trim()).filter(Boolean);
      const body = {
        query,
        user_role: role || undefined,
        department: department || undefined,
        domain: domain || undefined,
        enabled_strategies: strategies.length ? strategies : undefined,
        expansion_settings: settings,
        conversation_history: lines.length ? lines.map((content) => ({ content })) : undefined,
      };
      const { data } = await call<ExpandResponse>('POST', '/expand', { body });
      setAnswer(data);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label="Expand a query">
      <form className="grid-form" onSubmit={(e) => void submit(e)}>
        <label htmlFor="try-query">Query</label>
        <input id="try-query" value={query} onChange={(e) => setQuery(e.target.value)} required maxLength={1000} placeholder="laptop keeps crashing after the VPN update" />
        <label htmlFor="try-domain">Domain</label>
        <input id="try-domain" list="domains" value={domain} onChange={(e) => setDomain(e.target.value)} />
        <datalist id="domains">
          <option value="technical" />
          <option value="business" />
          <option value="general" />
        </datalist>
        <label htmlFor="try-role">Role</label>
        <input id="try-role" list="roles" value={role} onChange={(e) => setRole(e.target.value)} />
        <datalist id="roles">
          <option value="developer" />
          <option value="manager" />
          <option value="analyst" />
          <option value="designer" />
        </datalist>
        <label htmlFor="try-department">Department</label>
        <input id="try-department" value={department} onChange={(e) => setDepartment(e.target.value)} />
        <label htmlFor="try-max">Max expansions</label>
        <input id="try-max" type="number" min={1} max={50} value={maxExpansions} onChange={(e) => setMaxExpansions(e.target.value)} />
        <label htmlFor="try-threshold">Confidence threshold</label>
        <input id="try-threshold" type="number" min={0} max={1} step={0.01} value={threshold} placeholder="service default" onChange={(e) => setThreshold(e.target.value)} />
        <fieldset className="span">
          <legend>Strategies (none ticked: all)</legend>
          {EXPANSION_TYPES.map((t) => (
            <label key={t} className="check">
              <input type="checkbox" checked={strategies.includes(t)} onChange={(e) => setStrategies(e.target.checked ? [...strategies, t] : strategies.filter((s) => s !== t))} />
              {t}
            </label>
          ))}
        </fieldset>
        <label htmlFor="try-conversation">Conversation (one message per line)</label>
        <textarea id="try-conversation" rows={2} value={conversation} onChange={(e) => setConversation(e.target.value)} />
        <div className="span">
          <button type="submit" disabled={busy}>
            Expand
          </button>
        </div>
      </form>
      {busy && <Busy label="Expanding…" />}
      <ErrorMessage error={error} />
      {answer && <Answer answer={answer} />}
    </section>
  );
}

function Answer({ answer }: { answer: ExpandResponse }) {
  const meta = answer.expansion_metadata;
  return (
    <div className="answer" data-testid="expand-answer">
      <p>
        {answer.expanded_queries.length === 0
          ? 'Nothing to expand in this query at these settings.'
          : `${meta.total_expansions} alternative(s), strategies: ${meta.strategies_used.join(', ') || 'none'}, average confidence ${meta.avg_confidence.toFixed(2)}, ${meta.processing_time_ms.toFixed(2)} ms.`}
      </p>
      <ol className="results">
        {answer.expanded_queries.map((r) => (
          <ResultItem key={r.expansion_id} result={r} />
        ))}
      </ol>
    </div>
  );
}

function ResultItem({ result }: { result: ExpansionResult }) {
  const [rated, setRated] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function rate(helpful: boolean) {
    setBusy(true);
    setError(null);
    try {
      const { data } = await call<{ message: string }>('POST', '/feedback', { body: { expansion_id: result.expansion_id, was_helpful: helpful, rating: helpful ? 5 : 1 } });
      setRated(`Thanks: rated ${helpful ? 'helpful' : 'not helpful'}. ${data.message}`);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="result" data-testid="expand-result">
      <p className="query">
        <code>{result.expanded_query}</code>
      </p>
      <p className="meta">
        {result.metadata.form === 'combined' ? 'combined query' : result.expansion_type} · confidence {result.confidence_score.toFixed(2)} · relevance {result.relevance_score.toFixed(2)}
        {result.synonyms_used.length > 0 && (
          <>
            {' · '}
            {result.synonyms_used.map((u) => `${u.term} → ${u.synonym} (${u.source ?? 'catalogue'})`).join('; ')}
          </>
        )}
      </p>
      <details>
        <summary>Why this score</summary>
        <dl className="explanation">
          {Object.entries(result.metadata.explanation).map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{typeof v === 'number' ? Number(v.toFixed(4)) : v}</dd>
            </div>
          ))}
        </dl>
      </details>
      {rated ? (
        <Notice text={rated} />
      ) : (
        <div className="actions">
          <button type="button" disabled={busy} onClick={() => void rate(true)} aria-label={`Helpful: ${result.expanded_query}`}>
            Helpful
          </button>
          <button type="button" disabled={busy} onClick={() => void rate(false)} aria-label={`Not helpful: ${result.expanded_query}`}>
            Not helpful
          </button>
        </div>
      )}
      <ErrorMessage error={error} />
    </li>
  );
}
