import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';
import { timestampColumn, useUtf8mb4 } from './portable';

export class ExpansionEventsAndFeedback1763769700000 implements MigrationInterface {
  name = 'ExpansionEventsAndFeedback1763769700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'expansion_events',
        columns: [
          { name: 'id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'user_id', type: 'varchar', length: '255' },
          { name: 'user_role', type: 'varchar', length: '50', isNullable: true },
          { name: 'department', type: 'varchar', length: '100', isNullable: true },
          { name: 'domain', type: 'varchar', length: '50', isNullable: true },
          { name: 'session_id', type: 'varchar', length: '255', isNullable: true },
          { name: 'query', type: 'text' },
          { name: 'result_count', type: 'integer' },
          { name: 'strategies', type: 'text' },
          { name: 'avg_confidence', type: 'double' },
          { name: 'avg_relevance', type: 'double' },
          { name: 'latency_ms', type: 'double' },
          { name: 'results', type: 'text' },
          timestampColumn('created_at'),
        ],
      }),
    );
    await useUtf8mb4(queryRunner, 'expansion_events');
    await queryRunner.createIndex('expansion_events', new TableIndex({ name: 'IDX_events_created_at', columnNames: ['created_at'] }));
    await queryRunner.createIndex('expansion_events', new TableIndex({ name: 'IDX_events_domain_created', columnNames: ['domain', 'created_at'] }));
    await queryRunner.createIndex('expansion_events', new TableIndex({ name: 'IDX_events_user_created', columnNames: ['user_id', 'created_at'] }));

    await queryRunner.createTable(
      new Table({
        name: 'feedback',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'expansion_id', type: 'varchar', length: '80' },
          { name: 'event_id', type: 'varchar', length: '64' },
          { name: 'result_index', type: 'integer', isNullable: true },
          { name: 'user_id', type: 'varchar', length: '255' },
          { name: 'same_user', type: 'boolean' },
          { name: 'was_helpful', type: 'boolean' },
          { name: 'rating', type: 'integer', isNullable: true },
          { name: 'comment', type: 'text', isNullable: true },
          timestampColumn('created_at'),
        ],
      }),
    );
    await useUtf8mb4(queryRunner, 'feedback');
    await queryRunner.createIndex('feedback', new TableIndex({ name: 'IDX_feedback_rated_user', columnNames: ['expansion_id', 'user_id'], isUnique: true }));
    await queryRunner.createIndex('feedback', new TableIndex({ name: 'IDX_feedback_event', columnNames: ['event_id'] }));
    await queryRunner.createIndex('feedback', new TableIndex({ name: 'IDX_feedback_created_at', columnNames: ['created_at'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('feedback');
    await queryRunner.dropTable('expansion_events');
  }
}
