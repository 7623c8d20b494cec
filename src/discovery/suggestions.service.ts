import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { type EntityManager, In, Repository } from 'typeorm';
import { Page } from '../common/pagination';
import { CatalogueStore } from '../synonyms/catalogue-store';
import type { ListSuggestionsQueryDto, SuggestionDto } from './dto/discovery.dto';
import { SuggestionEvidenceEntity } from './entities/suggestion-evidence.entity';

const SORT_COLUMNS: Record<ListSuggestionsQueryDto['sort'], string> = {
  score: 'e.score',
  last_seen: 'e.lastSeen',
  first_seen: 'e.firstSeen',
  distinct_users: 'e.distinctUsers',
  created_at: 'e.createdAt',
};

const pairKey = (term: string, synonym: string) => `${term}\u0001${synonym}`;

/** Owns suggestion_evidence: the evidence discovery keeps for each entry it proposed, and the suggestions list. */
@Injectable()
export class SuggestionsService {
  constructor(
    @InjectRepository(SuggestionEvidenceEntity) private readonly evidence: Repository<SuggestionEvidenceEntity>,
    private readonly catalogue: CatalogueStore,
  ) {}

  /** GET /admin/suggestions: evidence rows, sorted and paged here, with each entry's current pair and status. */
  async list(query: ListSuggestionsQueryDto): Promise<Page<SuggestionDto>> {
    const qb = this.evidence.createQueryBuilder('e');
    if (query.kind !== undefined) qb.where('e.kind = :kind', { kind: query.kind });
    const direction = query.order === 'asc' ? 'ASC' : 'DESC';
    qb.orderBy(SORT_COLUMNS[query.sort], direction).addOrderBy('e.synonymId', direction).skip(query.offset).take(query.limit);
    const [found, total] = await qb.getManyAndCount();
    const entries = await this.catalogue.findSummaries(found.map((e) => e.synonymId));
    const items = found.map((e): SuggestionDto => {
      const entry = entries.get(e.synonymId);
      return {
        synonym_id: e.synonymId,
        kind: e.kind,
        term: entry?.term ?? e.termNormalized,
        synonym: entry?.synonym ?? e.synonymNormalized,
        domain: entry?.domain ?? e.domain,
        status: entry?.status ?? null,
        source: entry?.source ?? null,
        evidence: {
          distinct_users: e.distinctUsers,
          distinct_sessions: e.distinctSessions,
          reformulation_count: e.reformulationCount,
          helpful_count: e.helpfulCount,
          unhelpful_count: e.unhelpfulCount,
          example_queries: e.exampleQueries ?? [],
          score: e.score,
          first_seen: e.firstSeen?.toISOString() ?? null,
          last_seen: e.lastSeen?.toISOString() ?? null,
        },
        proposed_at: e.createdAt.toISOString(),
      };
    });
    return new Page('suggestions', items, total, query.limit, query.offset);
  }

  /** Which of these pairs discovery proposed before, in either direction (pair keys "term\u0001synonym"). */
  async findProposedPairs(pairs: { term: string; synonym: string }[]): Promise<Set<string>> {
    const wanted = new Set(pairs.map((p) => pairKey(p.term, p.synonym)));
    const words = [...new Set(pairs.flatMap((p) => [p.term, p.synonym]))];
    const out = new Set<string>();
    for (let i = 0; i < words.length; i += 200) {
      const chunk = words.slice(i, i + 200);
      const found = await this.evidence.find({ where: { termNormalized: In(chunk), synonymNormalized: In(words) }, select: { termNormalized: true, synonymNormalized: true } });
      for (const e of found) {
        for (const key of [pairKey(e.termNormalized, e.synonymNormalized), pairKey(e.synonymNormalized, e.termNormalized)]) if (wanted.has(key)) out.add(key);
      }
    }
    return out;
  }

  /** The evidence kinds kept for these entries (id -> kind). */
  async findKinds(ids: number[]): Promise<Map<number, SuggestionEvidenceEntity['kind']>> {
    if (ids.length === 0) return new Map();
    const found = await this.evidence.find({ where: { synonymId: In(ids) }, select: { synonymId: true, kind: true } });
    return new Map(found.map((e) => [e.synonymId, e.kind]));
  }

  /**
   * Keeps an entry's evidence, inside the caller's transaction. An entry proposed before under another kind (a
   * discovered pair that later drew clearly negative ratings) keeps its earlier reformulation evidence beside the new.
   */
  async keep(m: EntityManager, row: SuggestionEvidenceEntity): Promise<void> {
    const old = await m.findOneBy(SuggestionEvidenceEntity, { synonymId: row.synonymId });
    if (old) {
      row.distinctUsers ||= old.distinctUsers;
      row.distinctSessions ||= old.distinctSessions;
      row.reformulationCount ||= old.reformulationCount;
      if (row.exampleQueries.length === 0) row.exampleQueries = old.exampleQueries ?? [];
      row.firstSeen = old.firstSeen && (!row.firstSeen || old.firstSeen < row.firstSeen) ? old.firstSeen : row.firstSeen;
      await m.delete(SuggestionEvidenceEntity, { synonymId: row.synonymId });
    }
    await m.insert(SuggestionEvidenceEntity, row);
  }
}
