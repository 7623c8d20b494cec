import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A named lease that one instance holds until `expires_at` (e.g. "discovery": one run at a time across instances). */
@Entity('job_leases')
export class JobLeaseEntity {
  @PrimaryColumn({ type: 'varchar', length: 50 })
  name: string;

  @Column({ type: 'varchar', length: 255 })
  holder: string;

  @Column({ name: 'expires_at', type: 'datetime', precision: 3 })
  expiresAt: Date;
}
