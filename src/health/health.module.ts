import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { ExpansionModule } from '../expansion/expansion.module';
import { HealthController } from './health.controller';
import { Lifecycle } from './lifecycle';

@Module({ imports: [TerminusModule.forRoot({ logger: false }), ExpansionModule], controllers: [HealthController], providers: [Lifecycle], exports: [Lifecycle] })
export class HealthModule {}
