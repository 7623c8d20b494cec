import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Ratings of one term -> alternative pair in one request domain, for alternatives that are not catalogue
 * entries (lexicons, thesaurus, WordNet): the engine learns their confidence from these counts
 * (docs/EXPANSION.md, "Learning"). Text is normalised; '' stands for "no domain".
 */
@Entity('expansion_pair_stats')
@Index('IDX_pair_stats_pair_domain', ['term', 'alternative', 'domain'], { unique: true })
@Index('IDX_pair_stats_updated_at', ['updatedAt'])
export class ExpansionPairStatEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 255 })
  term: string;

  @Column({ type: 'varchar', length: 255 })
  alternative: string;

  @Column({ type: 'varchar', length: 50 })
  domain: string;

  @Column({ name: 'helpful_count', type: 'integer', default: 0 })
  helpfulCount: number;

  @Column({ name: 'usage_count', type: 'integer', default: 0 })
  usageCount: number;

  @Column({ name: 'updated_at', type: 'datetime', precision: 3 })
  updatedAt: Date;
}
