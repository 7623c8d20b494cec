import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/decorators';
import { ApiErrors } from '../common/http/api-responses';
import { RateLimitGroup } from '../throttle/rate-limit-group.decorator';
import { ExpandRequestDto } from './dto/expand-request.dto';
import { ExpandResponseDto } from './dto/expand-response.dto';
import { ExpansionService } from './expansion.service';

@ApiTags('expansion')
@ApiBearerAuth()
@ApiErrors()
@RateLimitGroup('expansion')
@Controller('query-expansion')
export class ExpansionController {
  constructor(private readonly expansion: ExpansionService) {}

  @Post('expand')
  @HttpCode(200)
  @ApiOperation({ summary: 'Expand a query into scored alternatives (synonyms, acronyms, abbreviations, domain, contextual, semantic)' })
  @ApiOkResponse({ type: ExpandResponseDto })
  @ApiBody({
    type: ExpandRequestDto,
    examples: {
      // works as sent with any token: no user_id (the token's subject is the user), the default strategies
      vpn: { summary: 'An IT question with a role and a domain', value: { query: 'how to reset my password for the VPN', domain: 'technical', user_role: 'developer' } },
      acronyms: { summary: 'HR acronyms, two alternatives at most', value: { query: 'PTO policy for new hires', domain: 'business', expansion_settings: { max_expansions: 2 } } },
    },
  })
  expand(@Body() dto: ExpandRequestDto, @CurrentUser() user: AuthUser): ExpandResponseDto {
    return this.expansion.expand(dto, user);
  }
}
