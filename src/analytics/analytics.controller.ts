import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/decorators';
import { ANALYSTS } from '../auth/roles';
import { ApiAuthenticated, ApiErrors, ApiInvalidParameter } from '../common/http/api-responses';
import { RateLimitGroup } from '../throttle/rate-limit-group.decorator';
import { AnalyticsService } from './analytics.service';
import { AnalyticsQueryDto, DomainQueryDto } from './dto/analytics-query.dto';
import { ExpansionMetricsResponseDto, ReportResponseDto, SynonymMetricsResponseDto } from './dto/analytics-responses.dto';

@ApiTags('analytics')
@ApiAuthenticated()
@ApiErrors('SERVICE_UNAVAILABLE')
@Roles(...ANALYSTS)
@RateLimitGroup('analytics')
@Controller('query-expansion/analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Get('expansion')
  @ApiOperation({ summary: 'Expansion metrics for a period and domain' })
  @ApiOkResponse({ type: ExpansionMetricsResponseDto })
  @ApiInvalidParameter('start_date')
  async expansion(@Query() query: AnalyticsQueryDto): Promise<ExpansionMetricsResponseDto> {
    return { metrics: await this.analytics.expansionMetrics(this.analytics.period(query)) };
  }

  @Get('synonyms')
  @ApiOperation({ summary: 'Catalogue metrics, optionally for one domain' })
  @ApiOkResponse({ type: SynonymMetricsResponseDto })
  @ApiInvalidParameter('domain')
  async synonyms(@Query() query: DomainQueryDto): Promise<SynonymMetricsResponseDto> {
    return { metrics: await this.analytics.synonymMetrics(query.domain) };
  }

  @Get('report')
  @ApiOperation({ summary: 'Full analytics report with insights and recommendations' })
  @ApiOkResponse({ type: ReportResponseDto })
  @ApiInvalidParameter('start_date')
  report(@Query() query: AnalyticsQueryDto): Promise<ReportResponseDto> {
    return this.analytics.report(query);
  }
}
