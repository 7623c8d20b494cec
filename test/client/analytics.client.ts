import type { AnalyticsQueryDto, DomainQueryDto } from '../../src/analytics/dto/analytics-query.dto';
import type { ExpansionMetricsResponseDto, ReportResponseDto, SynonymMetricsResponseDto } from '../../src/analytics/dto/analytics-responses.dto';
import { call, withQuery, type HttpServer, type Query } from './http';
import { ROUTES } from './routes';

/** /query-expansion/analytics/*. */
export function analyticsClient(server: HttpServer) {
  return {
    expansion: (query: Query<AnalyticsQueryDto> = {}, token?: string) => call<ExpansionMetricsResponseDto>(server, 'get', withQuery(ROUTES.analytics.expansion, query), token),
    synonyms: (query: Query<DomainQueryDto> = {}, token?: string) => call<SynonymMetricsResponseDto>(server, 'get', withQuery(ROUTES.analytics.synonyms, query), token),
    report: (query: Query<AnalyticsQueryDto> = {}, token?: string) => call<ReportResponseDto>(server, 'get', withQuery(ROUTES.analytics.report, query), token),
  };
}
