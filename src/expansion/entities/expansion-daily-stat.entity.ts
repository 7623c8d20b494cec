import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { numeric } from '../../common/db/columns';

/**
 * Expansion events rolled up per UTC day and audience, maintained in the same transaction as the events
 * (ExpansionRecorder). Analytics read whole days from here and only the partial days at a period's edges
 * from the events table, so a report over a million events stays fast. '' stands for "not given".
 */
@Entity('expansion_daily_stats')
@Index('IDX_daily_stats_domain_day', ['domain', 'day'])
export class ExpansionDailyStatEntity {
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  @PrimaryColumn({ type: 'varchar', length: 50 })
  domain: string;

  @PrimaryColumn({ name: 'user_role', type: 'varchar', length: 50 })
  userRole: string;

  @PrimaryColumn({ type: 'varchar', length: 100 })
  department: string;

  @Column({ type: 'integer', default: 0 })
  events: number;

  @Column({ type: 'integer', default: 0 })
  successful: number;

  @Column({ name: 'sum_confidence', type: 'double', default: 0, transformer: numeric })
  sumConfidence: number;

  @Column({ name: 'sum_relevance', type: 'double', default: 0, transformer: numeric })
  sumRelevance: number;
}
