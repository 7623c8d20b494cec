import { Body, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AdminRoutes } from '../admin/admin-routes.decorator';
import { Roles } from '../auth/decorators';
import { CURATORS } from '../auth/roles';
import { ApiErrors, ApiJsonBody } from '../common/http/api-responses';
import { LintDto, LintResponseDto, SimulateDto, SimulateResponseDto } from './dto/impact.dto';
import { ImpactService } from './impact.service';

/** Impact simulation and rule lint (docs/CURATION.md): under /admin, open to curators too. */
@AdminRoutes()
export class ImpactController {
  constructor(private readonly impact: ImpactService) {}

  @Post('simulate')
  @HttpCode(200)
  @Roles(...CURATORS)
  @ApiOperation({ summary: 'Replay recorded queries over the live index and over a proposed change set, without changing anything; with the lint findings of the change set' })
  @ApiOkResponse({ type: SimulateResponseDto })
  @ApiJsonBody(SimulateDto, {
    create: { summary: 'What adding laptop → notebook would change in last week\'s 1000 most frequent queries', value: { changes: [{ action: 'create', term: 'laptop', synonym: 'notebook', domain: 'technical', confidence: 0.9 }] } },
    scoped: {
      summary: 'Two new entries for developers, over the last 30 days',
      value: { changes: [{ action: 'create', term: 'k8s', synonym: 'kubernetes', domain: 'technical', user_role: 'developer' }, { action: 'create', term: 'repo', synonym: 'repository', domain: 'technical', user_role: 'developer' }], days: 30, limit: 5000 },
    },
  })
  @ApiErrors('SYNONYM_NOT_FOUND')
  simulate(@Body() dto: SimulateDto): Promise<SimulateResponseDto> {
    return this.impact.simulate(dto);
  }

  @Post('lint')
  @HttpCode(200)
  @Roles(...CURATORS)
  @ApiOperation({ summary: 'Rule lint of the whole active catalogue, or of the findings a proposed change set brings' })
  @ApiOkResponse({ type: LintResponseDto })
  @ApiJsonBody(LintDto, {
    catalogue: { summary: 'The whole active catalogue, broad terms above 10% of last week\'s expansions', value: { broad_share: 0.1 } },
    changes: { summary: 'The findings two proposed entries would bring (a chain)', value: { changes: [{ action: 'create', term: 'notebook', synonym: 'laptop', domain: 'technical' }, { action: 'create', term: 'laptop', synonym: 'portable computer', domain: 'technical' }] } },
  })
  @ApiErrors('SYNONYM_NOT_FOUND')
  lint(@Body() dto: LintDto): Promise<LintResponseDto> {
    return this.impact.lint(dto);
  }
}
