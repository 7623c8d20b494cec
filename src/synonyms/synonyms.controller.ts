import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Put, Query, Res, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, Roles } from '../auth/decorators';
import { CURATORS } from '../auth/roles';
import { ApiErrors, ErrorResponseDto, SuccessMessageDto } from '../common/http/api-responses';
import { ListShapeInterceptor } from '../common/http/list-shape.interceptor';
import { setHeader } from '../common/http/request-context';
import { ParseIdPipe } from '../common/validation/parse-id.pipe';
import { RateLimitGroup } from '../throttle/rate-limit-group.decorator';
import { CreateSynonymDto } from './dto/create-synonym.dto';
import { DeleteSynonymDto } from './dto/delete-synonym.dto';
import { ListSynonymsQueryDto } from './dto/list-synonyms-query.dto';
import { CreateSynonymResponseDto, SynonymDto, SynonymListDto, UpdateSynonymResponseDto } from './dto/synonym-responses.dto';
import { UpdateSynonymDto } from './dto/update-synonym.dto';
import { toSynonymView } from './synonym.view';
import { SynonymsService } from './synonyms.service';

@ApiTags('synonyms')
@ApiBearerAuth()
@ApiErrors()
@RateLimitGroup('synonyms')
@Controller('query-expansion/synonyms')
export class SynonymsController {
  constructor(private readonly synonyms: SynonymsService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Add a synonym (active for curators and admins, pending for everyone else)' })
  @ApiOkResponse({ type: CreateSynonymResponseDto })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'DUPLICATE_SYNONYM' })
  async create(@Body() dto: CreateSynonymDto, @CurrentUser() user: AuthUser): Promise<CreateSynonymResponseDto> {
    const saved = await this.synonyms.create(dto, user);
    return { success: true, message: `Synonym created with status ${saved.status}`, synonym_id: saved.id, status: saved.status };
  }

  @Get()
  @UseInterceptors(ListShapeInterceptor)
  @ApiOperation({ summary: 'List synonyms with filters, sorting and pagination' })
  @ApiOkResponse({ type: SynonymListDto })
  list(@Query() query: ListSynonymsQueryDto) {
    return this.synonyms.list(query);
  }

  @Get(':synonym_id')
  @ApiOperation({ summary: 'Read one synonym; its ETag is the version to send in If-Match' })
  @ApiOkResponse({ type: SynonymDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'SYNONYM_NOT_FOUND' })
  async get(@Param('synonym_id', ParseIdPipe) id: number, @Res({ passthrough: true }) res: unknown): Promise<SynonymDto> {
    const entry = await this.synonyms.get(id);
    setHeader(res, 'ETag', `"${entry.version}"`);
    return toSynonymView(entry);
  }

  @Put(':synonym_id')
  @Roles(...CURATORS)
  @ApiOperation({ summary: 'Update a synonym (curator or admin); status moves follow the workflow in docs/API.md' })
  @ApiOkResponse({ type: UpdateSynonymResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'SYNONYM_NOT_FOUND' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'INVALID_STATUS_TRANSITION, VERSION_CONFLICT or DUPLICATE_SYNONYM' })
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
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'SYNONYM_NOT_FOUND' })
  async remove(@Param('synonym_id', ParseIdPipe) id: number, @Body() dto: DeleteSynonymDto, @CurrentUser() user: AuthUser): Promise<SuccessMessageDto> {
    await this.synonyms.remove(id, user, dto?.reason);
    return { success: true, message: `Synonym ${id} deleted` };
  }
}
