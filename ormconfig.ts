/**
 * The TypeORM CLI data source (npm run migration:check|run|revert). Reads the same environment as
 * the service, through the same validated config.
 */
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { readDatabaseConfig } from './src/config/database.config';
import { buildDataSourceOptions } from './src/database/typeorm-options';

export default new DataSource(buildDataSourceOptions(readDatabaseConfig()));
