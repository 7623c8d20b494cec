import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ExpansionModule } from '../expansion/expansion.module';
import { SynonymsModule } from '../synonyms/synonyms.module';
import { DiscoveryController } from './discovery.controller';
import { DiscoveryService } from './discovery.service';
import { JobLeaseEntity } from './entities/job-lease.entity';
import { SuggestionEvidenceEntity } from './entities/suggestion-evidence.entity';
import { JobLeases } from './job-leases.service';
import { SuggestionsService } from './suggestions.service';

/** Discovery: mines recorded behaviour and ratings into pending catalogue entries; owns suggestion_evidence and job_leases. */
@Module({
  imports: [TypeOrmModule.forFeature([SuggestionEvidenceEntity, JobLeaseEntity]), SynonymsModule, ExpansionModule],
  controllers: [DiscoveryController],
  providers: [DiscoveryService, SuggestionsService, JobLeases],
})
export class DiscoveryModule {}
