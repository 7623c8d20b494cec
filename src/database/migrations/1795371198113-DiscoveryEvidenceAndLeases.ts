import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';
import { timestampColumn, useUtf8mb4 } from './portable';

/** Discovery: the evidence behind each proposed catalogue entry, and the lease that lets one instance run it at a time. */
export class DiscoveryEvidenceAndLeases1795371198113 implements MigrationInterface {
  name = 'DiscoveryEvidenceAndLeases1795371198113';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'suggestion_evidence',
        columns: [
          { name: 'synonym_id', type: 'integer', isPrimary: true },
          { name: 'kind', type: 'varchar', length: '20' },
          { name: 'term_normalized', type: 'varchar', length: '200' },
          { name: 'synonym_normalized', type: 'varchar', length: '200' },
          { name: 'domain', type: 'varchar', length: '50' },
          { name: 'distinct_users', type: 'integer' },
          { name: 'distinct_sessions', type: 'integer' },
          { name: 'reformulation_count', type: 'integer' },
          { name: 'helpful_count', type: 'integer' },
          { name: 'unhelpful_count', type: 'integer' },
          { name: 'example_queries', type: 'text' },
          { name: 'score', type: 'double' },
          timestampColumn('first_seen', true),
          timestampColumn('last_seen', true),
          timestampColumn('created_at'),
        ],
      }),
    );
    await useUtf8mb4(queryRunner, 'suggestion_evidence');
    await queryRunner.createIndex('suggestion_evidence', new TableIndex({ name: 'IDX_suggestion_evidence_pair', columnNames: ['term_normalized', 'synonym_normalized'] }));
    await queryRunner.createIndex('suggestion_evidence', new TableIndex({ name: 'IDX_suggestion_evidence_score', columnNames: ['score'] }));
    await queryRunner.createIndex('suggestion_evidence', new TableIndex({ name: 'IDX_suggestion_evidence_last_seen', columnNames: ['last_seen'] }));
    await queryRunner.createTable(
      new Table({
        name: 'job_leases',
        columns: [{ name: 'name', type: 'varchar', length: '50', isPrimary: true }, { name: 'holder', type: 'varchar', length: '255' }, timestampColumn('expires_at')],
      }),
    );
    await useUtf8mb4(queryRunner, 'job_leases');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('job_leases');
    await queryRunner.dropTable('suggestion_evidence');
  }
}
