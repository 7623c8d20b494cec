import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditService } from './audit.service';
import { AuditEntryEntity } from './entities/audit-entry.entity';

/** The audit trail. Its one read endpoint, GET /query-expansion/admin/audit-log, lives in AdminModule. */
@Module({
  imports: [TypeOrmModule.forFeature([AuditEntryEntity])],
  providers: [AuditService],
  exports: [AuditService],
})
export class AuditModule {}
