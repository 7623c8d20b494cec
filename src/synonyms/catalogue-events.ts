import { Injectable } from '@nestjs/common';
import { Subject, type Observable } from 'rxjs';
import type { SynonymEntity } from './entities/synonym.entity';

/**
 * A committed change to the catalogue. `entry` is the entry as it now is (absent for a removal); the
 * expansion index applies it without re-reading the table.
 */
export interface CatalogueChange {
  kind: 'upsert' | 'remove';
  id: number;
  entry?: SynonymEntity;
  /** Monotonic per process: the index can tell whether it has seen everything. */
  version: number;
}

/** Announces catalogue changes after commit, so the expansion engine refreshes without polling. */
@Injectable()
export class CatalogueEvents {
  private readonly subject = new Subject<CatalogueChange>();
  private current = 0;

  get version(): number {
    return this.current;
  }

  get changes(): Observable<CatalogueChange> {
    return this.subject.asObservable();
  }

  upserted(entry: SynonymEntity): void {
    this.subject.next({ kind: 'upsert', id: entry.id, entry, version: ++this.current });
  }

  removed(id: number): void {
    this.subject.next({ kind: 'remove', id, version: ++this.current });
  }
}
