import { CatalogueAndAudit1763769600000 } from './1763769600000-CatalogueAndAudit';
import { ExpansionEventsAndFeedback1763769700000 } from './1763769700000-ExpansionEventsAndFeedback';
import { AnalyticsRollup1763769800000 } from './1763769800000-AnalyticsRollup';
import { WidenScopeKey1763769900000 } from './1763769900000-WidenScopeKey';
import { ExpansionPairStats1763770000000 } from './1763770000000-ExpansionPairStats';
import { DiscoveryEvidenceAndLeases1795371198113 } from './1795371198113-DiscoveryEvidenceAndLeases';
import { SessionEventsIndex1795373158882 } from './1795373158882-SessionEventsIndex';

/** Every migration, in order. Written with the QueryRunner schema API so one set serves SQLite and MySQL. */
export const MIGRATIONS: (new () => object)[] = [CatalogueAndAudit1763769600000, ExpansionEventsAndFeedback1763769700000, AnalyticsRollup1763769800000, WidenScopeKey1763769900000, ExpansionPairStats1763770000000, DiscoveryEvidenceAndLeases1795371198113, SessionEventsIndex1795373158882];
