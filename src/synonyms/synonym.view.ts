import type { SynonymDto } from './dto/synonym-responses.dto';
import type { SynonymEntity } from './entities/synonym.entity';

/** The spec's Synonym entry (plus source and version) as the API shows it. */
export function toSynonymView(e: SynonymEntity): SynonymDto {
  return {
    id: e.id,
    term: e.term,
    synonym: e.synonym,
    domain: e.domain,
    confidence: e.confidence,
    relevance_score: e.relevanceScore,
    usage_count: e.usageCount,
    success_rate: e.successRate,
    status: e.status,
    source: e.source,
    created_by: e.createdBy,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
    tags: e.tags ?? [],
    notes: e.notes,
    context: e.context,
    user_role: e.userRole,
    department: e.department,
    version: e.version,
  };
}

/** What the audit log keeps of an entry: its editable state, without bookkeeping columns. */
export function auditSnapshot(e: SynonymEntity): Record<string, unknown> {
  const { id: _id, created_at: _c, updated_at: _u, ...rest } = toSynonymView(e);
  return rest;
}
