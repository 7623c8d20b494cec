import { type MigrationInterface, type QueryRunner, TableIndex } from 'typeorm';

/**
 * Discovery reads the events of sessions in (session_id, created_at, id) order, a batch at a time from a cursor:
 * with this index each batch is a range read from the cursor, not a scan and sort of the whole lookback window.
 */
export class SessionEventsIndex1795373158882 implements MigrationInterface {
  name = 'SessionEventsIndex1795373158882';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('expansion_events', new TableIndex({ name: 'IDX_events_session_created', columnNames: ['session_id', 'created_at', 'id'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('expansion_events', 'IDX_events_session_created');
  }
}
