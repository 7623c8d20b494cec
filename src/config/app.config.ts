import { registerAs } from '@nestjs/config';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { toInt, validateEnv } from './validate-env';

class AppEnv {
  @IsOptional() @IsIn(['development', 'production', 'test']) NODE_ENV: string = 'development';
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) @Max(65535) PORT: number = 3000;
  @IsOptional() @IsString() HOST: string = '0.0.0.0';
  @IsOptional() @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) LOG_LEVEL: string = 'info';
  @IsOptional() @IsString() CORS_ORIGINS?: string;
  @IsOptional() @IsString() IMPORT_DIR: string = './data/imports';
  @IsOptional() @IsString() EXPORT_DIR: string = './data/exports';
  @IsOptional() @IsString() DATA_DIR: string = './data';
  @IsOptional() @IsString() REDIS_URL?: string;
  @IsOptional() @IsIn(['on', 'off']) WORDNET: string = 'on';
}

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: string;
  corsOrigins: string[];
  importDir: string;
  exportDir: string;
  dataDir: string;
  redisUrl?: string;
  /** Load WordNet for the semantic strategy at start-up. */
  wordnet: boolean;
}

export const appConfig = registerAs('app', (): AppConfig => {
  const env = validateEnv(AppEnv);
  return {
    nodeEnv: env.NODE_ENV as AppConfig['nodeEnv'],
    port: env.PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    importDir: env.IMPORT_DIR,
    exportDir: env.EXPORT_DIR,
    dataDir: env.DATA_DIR,
    redisUrl: env.REDIS_URL,
    wordnet: env.WORDNET === 'on',
  };
});
