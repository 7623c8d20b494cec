import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { RootConfig } from '../config';
import { TransactionRunner } from '../common/db/transactions';
import { buildDataSourceOptions } from './typeorm-options';

/** Migrations run at start-up unless DB_SKIP_MIGRATIONS=true. One TransactionRunner serves every module. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService<RootConfig, true>) => {
        const db = config.getOrThrow('database', { infer: true });
        return { ...buildDataSourceOptions(db), migrationsRun: !db.skipMigrations, retryAttempts: 3, retryDelay: 1000 };
      },
    }),
  ],
  providers: [TransactionRunner],
  exports: [TransactionRunner],
})
export class DatabaseModule {}
