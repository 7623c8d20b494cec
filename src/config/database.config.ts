import { registerAs } from '@nestjs/config';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { toBool, toInt, validateEnv } from './validate-env';

export class DatabaseEnv {
  @IsOptional() @IsIn(['sqlite', 'mysql', 'mariadb']) DB_TYPE: 'sqlite' | 'mysql' | 'mariadb' = 'sqlite';
  @IsOptional() @IsString() DB_PATH: string = './data/query-expansion.sqlite';
  @IsOptional() @IsString() DB_HOST: string = '127.0.0.1';
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(65535) DB_PORT: number = 3306;
  @IsOptional() @IsString() DB_USER: string = 'root';
  @IsOptional() @IsString() DB_PASSWORD: string = '';
  @IsOptional() @IsString() DB_NAME: string = 'query_expansion';
  @IsOptional() @Transform(toBool) @IsBoolean() DB_SKIP_MIGRATIONS: boolean = false;
}

export interface DatabaseConfig {
  /** mysql and mariadb both use mysql2; naming the flavour lets TypeORM read the schema back correctly. */
  type: 'sqlite' | 'mysql' | 'mariadb';
  path: string;
  host: string;
  port: number;
  user: string;
  password: string;
  name: string;
  skipMigrations: boolean;
}

export function readDatabaseConfig(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  const e = validateEnv(DatabaseEnv, env);
  return {
    type: e.DB_TYPE,
    path: e.DB_PATH,
    host: e.DB_HOST,
    port: e.DB_PORT,
    user: e.DB_USER,
    password: e.DB_PASSWORD,
    name: e.DB_NAME,
    skipMigrations: e.DB_SKIP_MIGRATIONS,
  };
}

export const databaseConfig = registerAs('database', (): DatabaseConfig => readDatabaseConfig());
