import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { RootConfig } from '../config';
import { buildDataSourceOptions } from './typeorm-options';

/** Migrations run at start-up unless DB_SKIP_MIGRATIONS=true. */
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
})
export class DatabaseModule {}
