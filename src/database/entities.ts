import { AuditEntryEntity } from '../audit/entities/audit-entry.entity';
import { SynonymEntity } from '../synonyms/entities/synonym.entity';

/** Every TypeORM entity of the service, in one list shared by the app and the CLI data source. */
export const ENTITIES: Function[] = [SynonymEntity, AuditEntryEntity];
