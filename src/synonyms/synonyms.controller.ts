import { applyDecorators, Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, Roles } from '../auth/decorators';
import { CURATORS } from '../auth/roles';
import { ApiAuthenticated, ApiErrors, ApiInvalidParameter, ApiJsonBody, SuccessMessageDto } from '../common/http/api-responses';
import { ListRoute } from '../common/http/list-shape.interceptor';
import { headerRefs } from '../common/http/openapi-document';
import { setHeader } from '../common/http/request-context';
import { ParseIdPipe } from '../common/validation/parse-id.pipe';
import { RateLimitGroup } from '../throttle/rate-limit-group.decorator';
import { CreateSynonymDto } from './dto/create-synonym.dto';
import { DeleteSynonymDto } from './dto/delete-synonym.dto';
import { ReviewSynonymsDto, ReviewSynonymsResponseDto } from './dto/review-synonyms.dto';
import { ListSynonymsQueryDto } from './dto/list-synonyms-query.dto';
import { AuditService } from '../audit/audit.service';
import { AuditLogDto } from '../audit/dto/audit-entry.dto';
import { PaginationQueryDto } from '../common/pagination';
import { SynonymNotFoundError } from './synonym.errors';
import { CreateSynonymResponseDto, SynonymDto, SynonymListDto, UpdateSynonymResponseDto } from './dto/synonym-responses.dto';
import { UpdateSynonymDto } from './dto/update-synonym.dto';
import { toSynonymView } from './synonym.view';
import { SynonymsService } from './synonyms.service';

/** The path id of one entry: a positive integer (400 VALIDATION_ERROR otherwise, ParseIdPipe). */
const SynonymIdParam = () => applyDecorators(ApiParam({ name: 'synonym_id', schema: { type: 'integer', minimum: 1 }, example: 42 }), ApiInvalidParameter('synonym_id'));

@ApiTags('synonyms')
@ApiAuthenticated()
@ApiErrors('SERVICE_UNAVAILABLE')
@RateLimitGroup('synonyms')
@Controller('query-expansion/synonyms')
export class SynonymsController {
  constructor(
    private readonly synonyms: SynonymsService,
    private readonly audit: AuditService,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Add a synonym (active for curators and admins, pending for everyone else)' })
  @ApiOkResponse({ type: CreateSynonymResponseDto })
  @ApiJsonBody(CreateSynonymDto, {
    acronym: {
      summary: 'An acronym for the technical domain, tagged, with a note',
      value: { term: 'ML', synonym: 'machine learning', domain: 'technical', confidence: 0.95, tags: ['acronym', 'data-science'], notes: 'Common in engineering tickets' },
    },
    scoped: {
      summary: 'A business term for managers of the finance department only',
      value: { term: 'vendor', synonym: 'supplier', domain: 'business', confidence: 0.85, user_role: 'manager', department: 'finance', context: 'procurement and purchase orders' },
    },
  })
  @ApiErrors('SAME_TERM_AND_SYNONYM', 'DUPLICATE_SYNONYM')
  async create(@Body() dto: CreateSynonymDto, @CurrentUser() user: AuthUser): Promise<CreateSynonymResponseDto> {
    const saved = await this.synonyms.create(dto, user);
    return { success: true, message: `Synonym created with status ${saved.status}`, synonym_id: saved.id, status: saved.status };
  }

  @Get()
  @ListRoute(SynonymListDto)
  @ApiOperation({ summary: 'List synonyms with filters, sorting and pagination' })
  @ApiInvalidParameter('limit')
  list(@Query() query: ListSynonymsQueryDto) {
    return this.synonyms.list(query);
  }

  // Declared before the ':synonym_id' routes. No POST takes an id, so POST /synonyms/review cannot reach one;
  // GET, PUT and DELETE /synonyms/review reach them and are refused by ParseIdPipe (docs/API.md, "Review at scale").
  @Post('review')
  @HttpCode(200)
  @Roles(...CURATORS)
  @ApiOperation({ summary: 'Review up to 500 entries at once (curator or admin): approve, reject or put under review, each id through the status workflow' })
  @ApiOkResponse({ type: ReviewSynonymsResponseDto })
  @ApiJsonBody(ReviewSynonymsDto, {
    approve: { summary: 'Approve the proposals of the weekly review', value: { ids: [12, 13, 14], action: 'approve', reason: 'Approved in the weekly review' } },
    reject: { summary: 'Reject discovered suggestions that proved wrong', value: { ids: [21, 22], action: 'reject', reason: 'Different meanings in our documents' } },
  })
  review(@Body() dto: ReviewSynonymsDto, @CurrentUser() user: AuthUser): Promise<ReviewSynonymsResponseDto> {
    return this.synonyms.review(dto, user);
  }

  // Two path segments: it cannot clash with /synonyms/review or /synonyms/:synonym_id (docs/API.md, "Entry history").
  @Get(':synonym_id/history')
  @Roles(...CURATORS)
  @ListRoute(AuditLogDto)
  @ApiOperation({ summary: "One entry's audit history, newest first (curator or admin); kept after the entry is deleted" })
  @SynonymIdParam()
  @ApiInvalidParameter('limit')
  @ApiErrors('SYNONYM_NOT_FOUND')
  async history(@Param('synonym_id', ParseIdPipe) id: number, @Query() query: PaginationQueryDto) {
    const page = await this.audit.list({ limit: query.limit, offset: query.offset, order: query.order, synonym_id: id });
    // An id that never had an audit entry never existed (every create is audited): 404, not an empty list.
    if (page.total === 0) throw new SynonymNotFoundError(id);
    return page;
  }

  @Get(':synonym_id')
  @ApiOperation({ summary: 'Read one synonym; its ETag is the version to send in If-Match' })
  @ApiOkResponse({ type: SynonymDto, headers: headerRefs('ETag') })
  @SynonymIdParam()
  @ApiErrors('SYNONYM_NOT_FOUND')
  async get(@Param('synonym_id', ParseIdPipe) id: number, @Res({ passthrough: true }) res: unknown): Promise<SynonymDto> {
    const entry = await this.synonyms.get(id);
    setHeader(res, 'ETag', `"${entry.version}"`);
    return toSynonymView(entry);
  }

  @Put(':synonym_id')
  @Roles(...CURATORS)
  @ApiOperation({ summary: 'Update a synonym (curator or admin); status moves follow the workflow in docs/API.md' })
  @ApiOkResponse({ type: UpdateSynonymResponseDto, headers: headerRefs('ETag') })
  @SynonymIdParam()
  @ApiHeader({ name: 'If-Match', required: false, description: 'The ETag read ("<version>"); a stale one gives 409 VERSION_CONFLICT' })
  @ApiJsonBody(UpdateSynonymDto, {
    confidence: { summary: 'Raise the confidence, with a note and the reason for the audit log', value: { confidence: 0.92, notes: 'Confirmed by the data team', reason: 'Reviewed after user feedback' } },
    approve: { summary: 'Approve a pending proposal', value: { status: 'active', reason: 'Approved in the weekly review' } },
    unscope: { summary: 'Lift the role restriction and retag', value: { user_role: null, tags: ['acronym'], reason: 'Useful to every role' } },
  })
  @ApiErrors('NOTHING_TO_UPDATE', 'SYNONYM_NOT_FOUND', 'INVALID_STATUS_TRANSITION', 'VERSION_CONFLICT', 'DUPLICATE_SYNONYM')
  async update(
    @Param('synonym_id', ParseIdPipe) id: number,
    @Body() dto: UpdateSynonymDto,
    @CurrentUser() user: AuthUser,
    @Headers('if-match') ifMatch: string | undefined,
    @Res({ passthrough: true }) res: unknown,
  ): Promise<UpdateSynonymResponseDto> {
    const saved = await this.synonyms.update(id, dto, user, ifMatch);
    setHeader(res, 'ETag', `"${saved.version}"`);
    return { success: true, message: `Synonym ${id} updated`, version: saved.version };
  }

  @Delete(':synonym_id')
  @Roles(...CURATORS)
  @ApiOperation({ summary: 'Delete a synonym (curator or admin); its history stays in the audit log' })
  @ApiOkResponse({ type: SuccessMessageDto })
  @SynonymIdParam()
  @ApiJsonBody(DeleteSynonymDto, { reason: { summary: 'With the reason kept in the audit log', value: { reason: 'Duplicate of the laptop → notebook entry' } } }, { required: false })
  @ApiErrors('SYNONYM_NOT_FOUND')
  async remove(@Param('synonym_id', ParseIdPipe) id: number, @Body() dto: DeleteSynonymDto, @CurrentUser() user: AuthUser): Promise<SuccessMessageDto> {
    await this.synonyms.remove(id, user, dto?.reason);
    return { success: true, message: `Synonym ${id} deleted` };
  }
}
