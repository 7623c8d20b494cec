import type { BulkImportDto, BulkImportResponseDto, ExportDto, ExportResponseDto } from '../../src/admin/bulk/dto/bulk.dto';
import type { DashboardDto } from '../../src/admin/dto/dashboard.dto';
import type { AuditLogDto } from '../../src/audit/dto/audit-entry.dto';
import type { AuditLogQueryDto } from '../../src/audit/dto/audit-log-query.dto';
import type { DiscoveryRunDto, ListSuggestionsQueryDto, SuggestionListDto } from '../../src/discovery/dto/discovery.dto';
import { call, withQuery, type Body, type HttpServer, type Query } from './http';
import { ROUTES } from './routes';

/** /query-expansion/admin/*: the dashboard, the audit log, bulk import and export, discovery and its suggestions. */
export function adminClient(server: HttpServer) {
  return {
    dashboard: (token?: string) => call<DashboardDto>(server, 'get', ROUTES.admin.dashboard, token),
    auditLog: (query: Query<AuditLogQueryDto> = {}, token?: string) => call<AuditLogDto>(server, 'get', withQuery(ROUTES.admin.auditLog, query), token),
    bulkImport: (body: Body<BulkImportDto>, token?: string) => call<BulkImportResponseDto>(server, 'post', ROUTES.admin.bulkImport, token, body),
    export: (body: Body<ExportDto>, token?: string) => call<ExportResponseDto>(server, 'post', ROUTES.admin.export, token, body),
    runDiscovery: (token?: string) => call<DiscoveryRunDto>(server, 'post', ROUTES.admin.discoveryRun, token),
    suggestions: (query: Query<ListSuggestionsQueryDto> = {}, token?: string) => call<SuggestionListDto>(server, 'get', withQuery(ROUTES.admin.suggestions, query), token),
  };
}
