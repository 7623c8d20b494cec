import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditEntryEntity } from '../audit/entities/audit-entry.entity';
import { SynonymEntity } from '../synonyms/entities/synonym.entity';
import { SynonymsModule } from '../synonyms/synonyms.module';
import { ExpansionEventEntity } from './entities/expansion-event.entity';
import { ExpansionPairStatEntity } from './entities/expansion-pair-stat.entity';
import { ExpansionIndexService } from './expansion-index.service';
import { ExpansionRecorder } from './expansion-recorder.service';
import { ExpansionController } from './expansion.controller';
import { ExpansionService } from './expansion.service';
import { PairStatsService } from './pair-stats.service';

@Module({
  imports: [TypeOrmModule.forFeature([ExpansionEventEntity, ExpansionPairStatEntity, SynonymEntity, AuditEntryEntity]), SynonymsModule],
  controllers: [ExpansionController],
  providers: [ExpansionService, ExpansionIndexService, ExpansionRecorder, PairStatsService],
  exports: [ExpansionRecorder, ExpansionIndexService, PairStatsService],
})
export class ExpansionModule {}
