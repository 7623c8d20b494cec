import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { jsonText, numeric } from '../../common/db/columns';

export const EVIDENCE_KINDS = ['reformulation', 'ratings', 'negative_ratings'] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];

/**
 * Why discovery proposed a catalogue entry, one row per entry (its id; the entry itself stays the catalogue's).
 * The normalised pair is kept here too, so a pair whose entry was later deleted is still never proposed again.
 */
@Entity('suggestion_evidence')
@Index('IDX_suggestion_evidence_pair', ['termNormalized', 'synonymNormalized'])
@Index('IDX_suggestion_evidence_score', ['score'])
@Index('IDX_suggestion_evidence_last_seen', ['lastSeen'])
export class SuggestionEvidenceEntity {
  @PrimaryColumn({ name: 'synonym_id', type: 'integer' })
  synonymId: number;

  @Column({ type: 'varchar', length: 20 })
  kind: EvidenceKind;

  @Column({ name: 'term_normalized', type: 'varchar', length: 200 })
  termNormalized: string;

  @Column({ name: 'synonym_normalized', type: 'varchar', length: 200 })
  synonymNormalized: string;

  @Column({ type: 'varchar', length: 50 })
  domain: string;

  @Column({ name: 'distinct_users', type: 'integer' })
  distinctUsers: number;

  @Column({ name: 'distinct_sessions', type: 'integer' })
  distinctSessions: number;

  @Column({ name: 'reformulation_count', type: 'integer' })
  reformulationCount: number;

  @Column({ name: 'helpful_count', type: 'integer' })
  helpfulCount: number;

  @Column({ name: 'unhelpful_count', type: 'integer' })
  unhelpfulCount: number;

  /** At most five {before, after} query pairs (JSON). */
  @Column({ name: 'example_queries', type: 'text', transformer: jsonText })
  exampleQueries: { before: string; after: string }[];

  @Column({ type: 'double', transformer: numeric })
  score: number;

  @Column({ name: 'first_seen', type: 'datetime', precision: 3, nullable: true })
  firstSeen: Date | null;

  @Column({ name: 'last_seen', type: 'datetime', precision: 3, nullable: true })
  lastSeen: Date | null;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;
}
