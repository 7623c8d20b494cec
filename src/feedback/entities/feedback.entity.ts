import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A rating of a whole expansion response or of one of its results. */
@Entity('feedback')
@Index('IDX_feedback_rated_user', ['expansionId', 'userId'], { unique: true })
@Index('IDX_feedback_event', ['eventId'])
@Index('IDX_feedback_created_at', ['createdAt'])
@Index('IDX_feedback_event_time', ['eventCreatedAt', 'eventDomain'])
@Index('IDX_feedback_event_domain', ['eventDomain', 'eventCreatedAt'])
export class FeedbackEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** The id that was rated: a response's expansion_id or one result's. */
  @Column({ name: 'expansion_id', type: 'varchar', length: 80 })
  expansionId: string;

  /** The response (expansion event) it belongs to. */
  @Column({ name: 'event_id', type: 'varchar', length: 64 })
  eventId: string;

  /** The result rated, or null for the whole response. */
  @Column({ name: 'result_index', type: 'integer', nullable: true })
  resultIndex: number | null;

  @Column({ name: 'user_id', type: 'varchar', length: 255 })
  userId: string;

  /** False when someone other than the user who got the expansion rated it. */
  @Column({ name: 'same_user', type: 'boolean' })
  sameUser: boolean;

  @Column({ name: 'was_helpful', type: 'boolean' })
  wasHelpful: boolean;

  @Column({ type: 'integer', nullable: true })
  rating: number | null;

  @Column({ type: 'text', nullable: true })
  comment: string | null;

  @Column({ name: 'created_at', type: 'datetime', precision: 3 })
  createdAt: Date;

  /** The rated expansion's domain and time, copied so analytics never join the events table. */
  @Column({ name: 'event_domain', type: 'varchar', length: 50, nullable: true })
  eventDomain: string | null;

  @Column({ name: 'event_created_at', type: 'datetime', precision: 3, nullable: true })
  eventCreatedAt: Date | null;
}
