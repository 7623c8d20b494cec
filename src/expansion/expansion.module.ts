import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { SynonymsModule } from '../synonyms/synonyms.module';
import { ExpansionEventEntity } from './entities/expansion-event.entity';
import { ExpansionPairStatEntity } from './entities/expansion-pair-stat.entity';
import { ExpansionIndexService } from './expansion-index.service';
import { ExpansionRecorder } from './expansion-recorder.service';
import { ExpansionController } from './expansion.controller';
import { ExpansionService } from './expansion.service';
import { PairStatsService } from './pair-stats.service';

@Module({
  imports: [TypeOrmModule.forFeature([ExpansionEventEntity, ExpansionPairStatEntity]), SynonymsModule, AuditModule],
  controllers: [ExpansionController],
  providers: [ExpansionService, ExpansionIndexService, ExpansionRecorder, PairStatsService],
  exports: [ExpansionRecorder, ExpansionIndexService, PairStatsService],
})
export class ExpansionModule {}
