import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { SynonymsModule } from '../synonyms/synonyms.module';
import { AdminController } from './admin.controller';
import { BulkImportService } from './bulk/bulk-import.service';
import { BULK_LIMITS, DEFAULT_BULK_LIMITS } from './bulk/bulk.limits';
import { BulkController } from './bulk/bulk.controller';
import { ExportService } from './bulk/export.service';
import { DashboardService } from './dashboard.service';
import { SeedService } from './seed/seed.service';

@Module({
  imports: [AuditModule, SynonymsModule],
  controllers: [AdminController, BulkController],
  providers: [DashboardService, BulkImportService, ExportService, SeedService, { provide: BULK_LIMITS, useValue: DEFAULT_BULK_LIMITS }],
})
export class AdminModule {}
