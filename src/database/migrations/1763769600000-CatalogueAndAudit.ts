import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';
import { idColumn, timestampColumn, useUtf8mb4 } from './portable';

export class CatalogueAndAudit1763769600000 implements MigrationInterface {
  name = 'CatalogueAndAudit1763769600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'synonyms',
        columns: [
          idColumn(),
          { name: 'term', type: 'varchar', length: '200' },
          { name: 'synonym', type: 'varchar', length: '200' },
          { name: 'term_normalized', type: 'varchar', length: '200' },
          { name: 'synonym_normalized', type: 'varchar', length: '200' },
          { name: 'scope_key', type: 'varchar', length: '200' },
          { name: 'domain', type: 'varchar', length: '50' },
          { name: 'confidence', type: 'double' },
          { name: 'relevance_score', type: 'double' },
          { name: 'usage_count', type: 'integer', default: 0 },
          { name: 'helpful_count', type: 'integer', default: 0 },
          { name: 'success_rate', type: 'double', default: 0 },
          { name: 'status', type: 'varchar', length: '20' },
          { name: 'source', type: 'varchar', length: '30' },
          { name: 'created_by', type: 'varchar', length: '255' },
          timestampColumn('created_at'),
          timestampColumn('updated_at'),
          { name: 'tags', type: 'text', isNullable: true },
          { name: 'notes', type: 'text', isNullable: true },
          { name: 'context', type: 'text', isNullable: true },
          { name: 'user_role', type: 'varchar', length: '50', isNullable: true },
          { name: 'department', type: 'varchar', length: '100', isNullable: true },
          { name: 'version', type: 'integer' },
        ],
      }),
    );
    await useUtf8mb4(queryRunner, 'synonyms');
    const synonymIndexes: [string, string[], boolean?][] = [
      ['IDX_synonyms_pair_scope', ['term_normalized', 'synonym_normalized', 'scope_key'], true],
      ['IDX_synonyms_status_domain', ['status', 'domain']],
      ['IDX_synonyms_term_normalized', ['term_normalized']],
      ['IDX_synonyms_synonym_normalized', ['synonym_normalized']],
      ['IDX_synonyms_created_at', ['created_at']],
      ['IDX_synonyms_updated_at', ['updated_at']],
      ['IDX_synonyms_confidence', ['confidence']],
      ['IDX_synonyms_usage_count', ['usage_count']],
      ['IDX_synonyms_created_by', ['created_by']],
    ];
    for (const [name, columnNames, isUnique] of synonymIndexes) {
      await queryRunner.createIndex('synonyms', new TableIndex({ name, columnNames, isUnique: !!isUnique }));
    }

    await queryRunner.createTable(
      new Table({
        name: 'audit_log',
        columns: [
          idColumn(),
          { name: 'synonym_id', type: 'integer' },
          { name: 'action', type: 'varchar', length: '30' },
          { name: 'performed_by', type: 'varchar', length: '255' },
          timestampColumn('performed_at'),
          { name: 'old_values', type: 'text', isNullable: true },
          { name: 'new_values', type: 'text', isNullable: true },
          { name: 'reason', type: 'text', isNullable: true },
        ],
      }),
    );
    await useUtf8mb4(queryRunner, 'audit_log');
    const auditIndexes: [string, string[]][] = [
      ['IDX_audit_synonym_performed', ['synonym_id', 'performed_at']],
      ['IDX_audit_performed_by', ['performed_by', 'performed_at']],
      ['IDX_audit_action_performed', ['action', 'performed_at']],
      ['IDX_audit_performed_at', ['performed_at']],
    ];
    for (const [name, columnNames] of auditIndexes) {
      await queryRunner.createIndex('audit_log', new TableIndex({ name, columnNames }));
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('audit_log');
    await queryRunner.dropTable('synonyms');
  }
}
