import { Global, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { RootConfig } from '../../config';
import { AppLogger, createRootLogger } from './app-logger';

/** The one logger of the service (configureApp makes it Nest's logger too). */
@Global()
@Module({
  providers: [
    {
      provide: AppLogger,
      inject: [ConfigService],
      useFactory: (config: ConfigService<RootConfig, true>) => new AppLogger(createRootLogger(config.getOrThrow('app.logLevel', { infer: true }))),
    },
  ],
  exports: [AppLogger],
})
export class LoggingModule {}
