import type { DataSource } from 'typeorm';
import { num, ratio, row, rows } from '../../common/db/sql';
import { CONFIDENCE_BANDS, RULES } from '../analytics.rules';
import { NO_DOMAIN, type CatalogueHealth } from '../analytics.types';

/** Catalogue figures the rules need: the pending queue, weak performers, zero-result domains. */
export async function catalogueHealth(ds: DataSource, domain?: string): Promise<CatalogueHealth> {
  const where = domain ? 'AND s.domain = ?' : '';
  const params = domain ? [domain] : [];
  const counts = await row(ds, 
    `SELECT SUM(CASE WHEN s.status = 'pending' THEN 1 ELSE 0 END) AS pending,
            SUM(CASE WHEN s.status = 'active' THEN 1 ELSE 0 END) AS active,
            SUM(CASE WHEN s.status = 'active' AND s.confidence < ${CONFIDENCE_BANDS.medium} THEN 1 ELSE 0 END) AS weak
       FROM synonyms s WHERE 1 = 1 ${where}`,
    params,
  );
  const lowPerformers = await rows(ds, 
    `SELECT s.id, s.term, s.synonym, s.usage_count, s.success_rate FROM synonyms s
      WHERE s.status = 'active' AND s.usage_count >= ? AND s.success_rate < ? ${where}
      ORDER BY s.usage_count DESC, s.id ASC LIMIT 5`,
    [RULES.lowPerformerMinUses, RULES.lowPerformerSuccessRate, ...params],
  );
  const lowCount = await row(ds, 
    `SELECT COUNT(*) AS n FROM synonyms s WHERE s.status = 'active' AND s.usage_count >= ? AND s.success_rate < ? ${where}`,
    [RULES.lowPerformerMinUses, RULES.lowPerformerSuccessRate, ...params],
  );
  const zeroDomains = await rows(ds, 
    `SELECT d.domain AS domain, SUM(d.events) AS n, SUM(d.events - d.successful) AS zero
       FROM expansion_daily_stats d ${domain ? 'WHERE d.domain = ?' : ''} GROUP BY d.domain`,
    params,
  );
  return {
    pending: num(counts.pending),
    active: num(counts.active),
    weak: num(counts.weak),
    lowPerformerCount: num(lowCount.n),
    lowPerformers: lowPerformers.map((r) => ({ id: num(r.id), term: String(r.term), synonym: String(r.synonym), usage: num(r.usage_count), rate: num(r.success_rate) })),
    zeroResultDomains: zeroDomains
      .map((r) => ({ domain: String(r.domain) || NO_DOMAIN, events: num(r.n), share: ratio(num(r.zero), num(r.n)) }))
      .filter((d) => d.events >= RULES.minDomainEvents && d.share >= RULES.zeroResultShare)
      .sort((a, b) => b.share - a.share || a.domain.localeCompare(b.domain)),
  };
}
