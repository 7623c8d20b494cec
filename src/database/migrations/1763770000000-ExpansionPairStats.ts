import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';
import { idColumn, timestampColumn, useUtf8mb4 } from './portable';

/** Ratings of non-catalogue term -> alternative pairs per request domain (learnt by the engine). */
export class ExpansionPairStats1763770000000 implements MigrationInterface {
  name = 'ExpansionPairStats1763770000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'expansion_pair_stats',
        columns: [
          idColumn(),
          { name: 'term', type: 'varchar', length: '255' },
          { name: 'alternative', type: 'varchar', length: '255' },
          { name: 'domain', type: 'varchar', length: '50' },
          { name: 'helpful_count', type: 'integer', default: 0 },
          { name: 'usage_count', type: 'integer', default: 0 },
          timestampColumn('updated_at'),
        ],
      }),
    );
    await useUtf8mb4(queryRunner, 'expansion_pair_stats');
    await queryRunner.createIndex(
      'expansion_pair_stats',
      new TableIndex({ name: 'IDX_pair_stats_pair_domain', columnNames: ['term', 'alternative', 'domain'], isUnique: true }),
    );
    await queryRunner.createIndex('expansion_pair_stats', new TableIndex({ name: 'IDX_pair_stats_updated_at', columnNames: ['updated_at'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('expansion_pair_stats');
  }
}
