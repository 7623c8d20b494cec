import { Module } from '@nestjs/common';
import { ExpansionModule } from '../expansion/expansion.module';
import { SynonymsModule } from '../synonyms/synonyms.module';
import { ImpactController } from './impact.controller';
import { ImpactService } from './impact.service';

/** Impact simulation and rule lint over the live index (docs/CURATION.md). */
@Module({
  imports: [ExpansionModule, SynonymsModule],
  controllers: [ImpactController],
  providers: [ImpactService],
})
export class ImpactModule {}
