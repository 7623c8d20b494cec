import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { CatalogueEvents } from './catalogue-events';
import { CatalogueStore } from './catalogue-store';
import { SynonymEntity } from './entities/synonym.entity';
import { SynonymsController } from './synonyms.controller';
import { SynonymsService } from './synonyms.service';

@Module({
  imports: [TypeOrmModule.forFeature([SynonymEntity]), AuditModule],
  controllers: [SynonymsController],
  providers: [SynonymsService, CatalogueStore, CatalogueEvents],
  exports: [SynonymsService, CatalogueStore, CatalogueEvents],
})
export class SynonymsModule {}
