import { Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AdminRoutes } from '../admin/admin-routes.decorator';
import { Roles } from '../auth/decorators';
import { CURATORS } from '../auth/roles';
import { ApiInvalidParameter } from '../common/http/api-responses';
import { ListRoute } from '../common/http/list-shape.interceptor';
import { DiscoveryService } from './discovery.service';
import { DiscoveryRunDto, ListSuggestionsQueryDto, SuggestionListDto } from './dto/discovery.dto';
import { SuggestionsService } from './suggestions.service';

/** /query-expansion/admin/discovery/run (admin) and /query-expansion/admin/suggestions (curator or admin). */
@AdminRoutes()
export class DiscoveryController {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly suggestions: SuggestionsService,
  ) {}

  @Post('discovery/run')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Run discovery now: pending entries from session reformulations and ratings, entries with clearly negative ratings to under_review',
    description: 'Answers `ran: false` (200, every count 0) when a run is already under way on this or another instance (docs/API.md, "Discovery").',
  })
  @ApiOkResponse({ type: DiscoveryRunDto })
  run(): Promise<DiscoveryRunDto> {
    return this.discovery.run();
  }

  @Get('suggestions')
  @Roles(...CURATORS)
  @ListRoute(SuggestionListDto)
  @ApiOperation({ summary: 'Entries discovery proposed, with their evidence (best score first by default)' })
  @ApiInvalidParameter('limit')
  list(@Query() query: ListSuggestionsQueryDto) {
    return this.suggestions.list(query);
  }
}
