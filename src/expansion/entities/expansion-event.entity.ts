import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { jsonText, numeric } from '../../common/db/columns';

/**
 * What one result of an expansion used: kept for feedback and analytics. Not the result's text, which can be
 * long: 50 results of a 1000-character query would not fit a MySQL TEXT column.
 */
export interface RecordedResult {
  expansion_id: string;
  expansion_type: string;
  confidence_score: number;
  relevance_score: number;
  synonym_ids: number[];
  /** Non-catalogue term -> alternative pairs it used, normalised; absent on events recorded before pairs were learnt. */
  pairs?: RecordedPair[];
}

/** A term -> alternative pair from a lexicon, the thesaurus or WordNet (catalogue entries are kept by id). */
export interface RecordedPair {
  term: string;
  alternative: string;
}

/** One POST /expand answer, recorded asynchronously in batches (never on the request's path). */
@Entity('expansion_events')
@Index('IDX_events_domain_created', ['domain', 'createdAt', 'userId'])
@Index('IDX_events_created_user', ['createdAt', 'userId'])
@Index('IDX_events_session_created', ['sessionId', 'createdAt', 'id'])
export class ExpansionEventEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'user_id', type: 'varchar', length: 255 })
  userId: string;

  @Column({ name: 'user_role', type: 'varchar', length: 50, nullable: true })
  userRole: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  department: string | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  domain: string | null;

  @Column({ name: 'session_id', type: 'varchar', length: 255, nullable: true })
  sessionId: string | null;

  @Column({ type: 'text' })
  query: string;

  @Column({ name: 'result_count', type: 'integer' })
  resultCount: number;

  @Column({ type: 'text', transformer: jsonText })
  strategies: string[];

  @Column({ name: 'avg_confidence', type: 'double', transformer: numeric })
  avgConfidence: number;

  @Column({ name: 'avg_relevance', type: 'double', transformer: numeric })
  avgRelevance: number;

  @Column({ name: 'latency_ms', type: 'double', transformer: numeric })
  latencyMs: number;

  @Column({ type: 'text', transformer: jsonText })
  results: RecordedResult[];

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;
}
