import { Column, Entity, Index, PrimaryGeneratedColumn, VersionColumn } from 'typeorm';
import { jsonText, numeric } from '../../common/db/columns';
import type { SynonymSource, SynonymStatus } from '../synonym.enums';

/** A catalogue entry: term → synonym within a scope (domain, user_role, department). */
@Entity('synonyms')
@Index('IDX_synonyms_pair_scope', ['termNormalized', 'synonymNormalized', 'scopeKey'], { unique: true })
@Index('IDX_synonyms_status_domain', ['status', 'domain'])
@Index('IDX_synonyms_term_normalized', ['termNormalized'])
@Index('IDX_synonyms_synonym_normalized', ['synonymNormalized'])
@Index('IDX_synonyms_created_at', ['createdAt'])
@Index('IDX_synonyms_updated_at', ['updatedAt'])
@Index('IDX_synonyms_confidence', ['confidence'])
@Index('IDX_synonyms_usage_count', ['usageCount'])
@Index('IDX_synonyms_created_by', ['createdBy'])
export class SynonymEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  term: string;

  @Column({ type: 'varchar', length: 200 })
  synonym: string;

  /** normalize(term): NFKC, case-folded, whitespace collapsed; used for matching and conflicts. */
  @Column({ name: 'term_normalized', type: 'varchar', length: 200 })
  termNormalized: string;

  @Column({ name: 'synonym_normalized', type: 'varchar', length: 200 })
  synonymNormalized: string;

  /** "domain|user_role|department", lower-cased, '' for none: one value for the uniqueness rule. */
  @Column({ name: 'scope_key', type: 'varchar', length: 255 })
  scopeKey: string;

  @Column({ type: 'varchar', length: 50 })
  domain: string;

  @Column({ type: 'double', transformer: numeric })
  confidence: number;

  /** The confidence learnt from feedback (docs/EXPANSION.md, "Learning from feedback"). */
  @Column({ name: 'relevance_score', type: 'double', transformer: numeric })
  relevanceScore: number;

  @Column({ name: 'usage_count', type: 'integer', default: 0 })
  usageCount: number;

  @Column({ name: 'helpful_count', type: 'integer', default: 0 })
  helpfulCount: number;

  @Column({ name: 'success_rate', type: 'double', default: 0, transformer: numeric })
  successRate: number;

  @Column({ type: 'varchar', length: 20 })
  status: SynonymStatus;

  @Column({ type: 'varchar', length: 30 })
  source: SynonymSource;

  @Column({ name: 'created_by', type: 'varchar', length: 255 })
  createdBy: string;

  /** Set by the service (not a database default), so SQLite and MySQL store the same precision. */
  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt: Date;

  @Column({ type: 'text', nullable: true, transformer: jsonText })
  tags: string[] | null;

  @Column({ type: 'text', nullable: true })
  notes: string | null;

  @Column({ type: 'text', nullable: true })
  context: string | null;

  @Column({ name: 'user_role', type: 'varchar', length: 50, nullable: true })
  userRole: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  department: string | null;

  @VersionColumn({ type: 'integer' })
  version: number;
}
