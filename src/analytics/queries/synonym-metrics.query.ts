import type { DataSource } from 'typeorm';
import { num, round4, row, rows, str } from '../../common/db/sql';
import { SYNONYM_SOURCES } from '../../synonyms/synonym.enums';
import { CONFIDENCE_BANDS, POPULAR_SYNONYMS, SUCCESS_RATE_KEYS } from '../analytics.rules';
import type { SynonymMetricsDto } from '../dto/analytics-responses.dto';

/** The report's synonym_metrics section: catalogue counts, bands, popular entries and success rates. */
export async function synonymMetrics(ds: DataSource, domain?: string): Promise<SynonymMetricsDto> {
  const where = domain ? 'WHERE s.domain = ?' : '';
  const params = domain ? [domain] : [];
  const t = await row(ds, 
    `SELECT COUNT(*) AS total,
            SUM(CASE WHEN s.status = 'active' THEN 1 ELSE 0 END) AS active,
            SUM(CASE WHEN s.confidence >= ${CONFIDENCE_BANDS.high} THEN 1 ELSE 0 END) AS high,
            SUM(CASE WHEN s.confidence >= ${CONFIDENCE_BANDS.medium} AND s.confidence < ${CONFIDENCE_BANDS.high} THEN 1 ELSE 0 END) AS medium,
            SUM(CASE WHEN s.confidence < ${CONFIDENCE_BANDS.medium} THEN 1 ELSE 0 END) AS low,
            SUM(CASE WHEN s.usage_count = 0 THEN 1 ELSE 0 END) AS u0,
            SUM(CASE WHEN s.usage_count BETWEEN 1 AND 10 THEN 1 ELSE 0 END) AS u10,
            SUM(CASE WHEN s.usage_count BETWEEN 11 AND 50 THEN 1 ELSE 0 END) AS u50,
            SUM(CASE WHEN s.usage_count > 50 THEN 1 ELSE 0 END) AS u51
       FROM synonyms s ${where}`,
    params,
  );
  const popular = await rows(ds, 
    `SELECT s.term, s.synonym, s.domain, s.usage_count, s.success_rate, s.confidence FROM synonyms s ${where}
      ORDER BY s.usage_count DESC, s.success_rate DESC, s.id ASC LIMIT ${POPULAR_SYNONYMS}`,
    params,
  );
  const domains = await rows(ds, `SELECT s.domain AS domain, COUNT(*) AS n FROM synonyms s ${where} GROUP BY s.domain`, params);
  const sources = await rows(ds, `SELECT s.source AS source, COUNT(*) AS n FROM synonyms s ${where} GROUP BY s.source`, params);
  const rated = await rows(ds, 
    `SELECT s.term, s.synonym, s.success_rate FROM synonyms s ${where ? `${where} AND` : 'WHERE'} s.usage_count > 0
      ORDER BY s.usage_count DESC, s.id ASC LIMIT ${SUCCESS_RATE_KEYS}`,
    params,
  );
  const sourceBreakdown: Record<string, number> = Object.fromEntries(SYNONYM_SOURCES.map((s) => [s, 0]));
  for (const r of sources as { source: string; n: unknown }[]) sourceBreakdown[r.source] = num(r.n);
  const successRates: Record<string, number> = {};
  for (const r of rated as { term: string; synonym: string; success_rate: unknown }[]) {
    const key = `${r.term}_${r.synonym}`;
    if (!(key in successRates)) successRates[key] = round4(num(r.success_rate));
  }
  return {
    total_synonyms: num(t.total),
    active_synonyms: num(t.active),
    popular_synonyms: popular.map((r) => ({
      term: String(r.term),
      synonym: String(r.synonym),
      domain: String(r.domain),
      usage_count: num(r.usage_count),
      success_rate: round4(num(r.success_rate)),
      confidence: num(r.confidence),
    })),
    domain_distribution: Object.fromEntries(domains.map((r) => [str(r.domain), num(r.n)])),
    source_breakdown: sourceBreakdown,
    confidence_distribution: { high: num(t.high), medium: num(t.medium), low: num(t.low) },
    usage_frequency: { '0': num(t.u0), '1-10': num(t.u10), '11-50': num(t.u50), '51+': num(t.u51) },
    success_rates: successRates,
  };
}
