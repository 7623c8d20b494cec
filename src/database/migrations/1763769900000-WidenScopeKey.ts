import { type MigrationInterface, type QueryRunner, TableColumn } from 'typeorm';
import { isMysql } from './portable';

/** domain (50) + user_role (50) + department (100) + two separators need 202 characters. */
export class WidenScopeKey1763769900000 implements MigrationInterface {
  name = 'WidenScopeKey1763769900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.resize(queryRunner, 255);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await this.resize(queryRunner, 200);
  }

  /** MySQL widens in place (the unique index stays); SQLite rebuilds the table, which TypeORM does for us. */
  private async resize(queryRunner: QueryRunner, length: number): Promise<void> {
    if (isMysql(queryRunner)) {
      await queryRunner.query(`ALTER TABLE \`synonyms\` MODIFY \`scope_key\` varchar(${length}) NOT NULL`);
    } else {
      await queryRunner.changeColumn('synonyms', 'scope_key', new TableColumn({ name: 'scope_key', type: 'varchar', length: String(length) }));
    }
  }
}
