import { Injectable, type BeforeApplicationShutdown } from '@nestjs/common';

/** Whether the service is shutting down: readiness answers 503 from then on, so load balancers stop sending. */
@Injectable()
export class Lifecycle implements BeforeApplicationShutdown {
  private drainingSince?: Date;

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  /** Marks the service as draining (called on shutdown; idempotent). */
  drain(): void {
    this.drainingSince ??= new Date();
  }

  beforeApplicationShutdown(): void {
    this.drain();
  }
}
