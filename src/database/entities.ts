import { ExpansionDailyStatEntity } from '../expansion/entities/expansion-daily-stat.entity';
import { AuditEntryEntity } from '../audit/entities/audit-entry.entity';
import { ExpansionEventEntity } from '../expansion/entities/expansion-event.entity';
import { ExpansionPairStatEntity } from '../expansion/entities/expansion-pair-stat.entity';
import { JobLeaseEntity } from '../discovery/entities/job-lease.entity';
import { SuggestionEvidenceEntity } from '../discovery/entities/suggestion-evidence.entity';
import { FeedbackEntity } from '../feedback/entities/feedback.entity';
import { SynonymEntity } from '../synonyms/entities/synonym.entity';

/** Every TypeORM entity of the service, in one list shared by the app and the CLI data source. */
/** A class TypeORM instantiates. */
export type EntityClass = new (...args: never[]) => object;

export const ENTITIES: EntityClass[] = [SynonymEntity, AuditEntryEntity, ExpansionEventEntity, FeedbackEntity, ExpansionDailyStatEntity, ExpansionPairStatEntity, SuggestionEvidenceEntity, JobLeaseEntity];
