import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { sqlTime } from '../common/db/sql';
import { JobLeaseEntity } from './entities/job-lease.entity';

/**
 * Named leases in the job_leases table, so that across instances one at a time runs a job. Taking a lease is one
 * atomic UPDATE that succeeds only when the lease has expired or is already this instance's; the database decides
 * between instances that try at the same moment. A holder that dies leaves the lease to expire.
 */
@Injectable()
export class JobLeases {
  /** This instance, as the table names it. */
  readonly holder = `${hostname()}:${process.pid}:${randomUUID()}`;

  constructor(@InjectRepository(JobLeaseEntity) private readonly leases: Repository<JobLeaseEntity>) {}

  /** Takes (or renews) the lease for `ttlMs`; false when another instance holds it. */
  async acquire(name: string, ttlMs: number): Promise<boolean> {
    const now = new Date();
    // the lease's row, made by the first instance to ask (INSERT OR IGNORE on SQLite, INSERT IGNORE on MySQL)
    await this.leases.createQueryBuilder().insert().into(JobLeaseEntity).values({ name, holder: '', expiresAt: new Date(0) }).orIgnore().execute();
    const result = await this.leases
      .createQueryBuilder()
      .update(JobLeaseEntity)
      .set({ holder: this.holder, expiresAt: new Date(now.getTime() + ttlMs) })
      .where('name = :name AND (expires_at < :now OR holder = :holder)', { name, now: sqlTime(now), holder: this.holder })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Gives the lease up at once, if this instance holds it. */
  async release(name: string): Promise<void> {
    await this.leases
      .createQueryBuilder()
      .update(JobLeaseEntity)
      .set({ expiresAt: new Date(0) })
      .where('name = :name AND holder = :holder', { name, holder: this.holder })
      .execute();
  }
}
