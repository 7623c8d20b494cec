import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AdminController } from './admin.controller';
import { DashboardService } from './dashboard.service';

@Module({ imports: [AuditModule], controllers: [AdminController], providers: [DashboardService] })
export class AdminModule {}
