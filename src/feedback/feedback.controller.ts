import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/decorators';
import { ApiErrors, ErrorResponseDto } from '../common/http/api-responses';
import { RateLimitGroup } from '../throttle/rate-limit-group.decorator';
import { FeedbackRequestDto } from './dto/feedback-request.dto';
import { FeedbackResponseDto } from './dto/feedback-response.dto';
import { FeedbackService } from './feedback.service';

/** Feedback shares the expansion rate group (docs/API.md, "Rate limits"). */
@ApiTags('feedback')
@ApiBearerAuth()
@ApiErrors()
@RateLimitGroup('expansion')
@Controller('query-expansion')
export class FeedbackController {
  constructor(private readonly feedback: FeedbackService) {}

  @Post('feedback')
  @HttpCode(200)
  @ApiOperation({ summary: 'Rate an expansion response or one of its results' })
  @ApiOkResponse({ type: FeedbackResponseDto })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'EXPANSION_NOT_FOUND' })
  @ApiConflictResponse({ type: ErrorResponseDto, description: 'FEEDBACK_ALREADY_RECORDED' })
  record(@Body() dto: FeedbackRequestDto, @CurrentUser() user: AuthUser): Promise<FeedbackResponseDto> {
    return this.feedback.record(dto, user);
  }
}
