import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth-user';
import { ApiAuthenticated, ApiErrors, ApiJsonBody } from '../common/http/api-responses';
import { setHeader, type RequestContext } from '../common/http/request-context';
import { deprecationWarning } from '../common/versioning/version-headers';
import { RateLimitGroup } from '../throttle/rate-limit-group.decorator';
import { ExpandRequestDto } from './dto/expand-request.dto';
import { ExpandResponseDto } from './dto/expand-response.dto';
import { ExpansionService } from './expansion.service';

/** The request as expand reads it: the verified caller and Express's response beside it. */
type ExpandRequestContext = RequestContext & { user: AuthUser; res: unknown };

@ApiTags('expansion')
@ApiAuthenticated()
@RateLimitGroup('expansion')
@Controller('query-expansion')
export class ExpansionController {
  constructor(private readonly expansion: ExpansionService) {}

  @Post('expand')
  @HttpCode(200)
  @ApiOperation({ summary: 'Expand a query into scored alternatives (synonyms, acronyms, abbreviations, domain, contextual, semantic)' })
  @ApiOkResponse({ type: ExpandResponseDto })
  // the examples work as sent with any token: no user_id (the token's subject is the user), the default strategies
  @ApiJsonBody(ExpandRequestDto, {
    vpn: { summary: 'An IT question with a role and a domain', value: { query: 'how to reset my password for the VPN', domain: 'technical', user_role: 'developer' } },
    acronyms: { summary: 'HR acronyms, two alternatives at most', value: { query: 'PTO policy for new hires', domain: 'business', expansion_settings: { max_expansions: 2 } } },
    strategies: {
      summary: 'Only acronyms and abbreviations, from a department, above a confidence',
      value: { query: 'k8s config for the CI/CD pipeline', domain: 'technical', user_role: 'developer', department: 'engineering', enabled_strategies: ['acronym_expansion', 'abbreviation_expansion'], expansion_settings: { confidence_threshold: 0.8 } },
    },
  })
  @ApiErrors('MISSING_QUERY_PARAMETER', 'QUERY_TOO_LONG', 'USER_MISMATCH')
  // Two parameters only: each one Nest resolves costs promises on every request, and a body or decorator value also
  // a pass through the global pipe. So the caller (set by JwtAuthGuard; AuthenticatedGuard has refused a request
  // without one) and the response (Express's req.res) are read from the request.
  expand(@Body() dto: ExpandRequestDto, @Req() req: ExpandRequestContext): ExpandResponseDto | string {
    // a deprecated version's body gains its warning as an object is written (version.middleware.ts)
    if (req.apiVersion && deprecationWarning(req.apiVersion)) return this.expansion.expand(dto, req.user);
    // otherwise the answer is written as the JSON text it would be serialised to, most of it made once per cached expansion
    setHeader(req.res, 'Content-Type', 'application/json; charset=utf-8');
    return this.expansion.expandJson(dto, req.user);
  }
}
