import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser } from '../auth/decorators';
import { ApiAuthenticated, ApiErrors, ApiJsonBody } from '../common/http/api-responses';
import { RateLimitGroup } from '../throttle/rate-limit-group.decorator';
import { FeedbackRequestDto } from './dto/feedback-request.dto';
import { FeedbackResponseDto } from './dto/feedback-response.dto';
import { FeedbackService } from './feedback.service';

/** Feedback shares the expansion rate group (docs/API.md, "Rate limits"). */
@ApiTags('feedback')
@ApiAuthenticated()
@RateLimitGroup('expansion')
@Controller('query-expansion')
export class FeedbackController {
  constructor(private readonly feedback: FeedbackService) {}

  @Post('feedback')
  @HttpCode(200)
  @ApiOperation({ summary: 'Rate an expansion response or one of its results' })
  @ApiOkResponse({ type: FeedbackResponseDto })
  @ApiJsonBody(FeedbackRequestDto, {
    helpful: { summary: 'A whole answer was helpful, rated 5', value: { expansion_id: 'exp_3f2a9c1e0b7d4e5f8a6b2c9d1e0f7a3b', was_helpful: true, rating: 5 } },
    result: {
      summary: 'One result (its id ends in .n) missed the point',
      value: { expansion_id: 'exp_3f2a9c1e0b7d4e5f8a6b2c9d1e0f7a3b.2', was_helpful: false, rating: 2, comment: '"notebook" means a paper notebook here, not a laptop' },
    },
  })
  @ApiErrors('USER_MISMATCH', 'EXPANSION_NOT_FOUND', 'FEEDBACK_ALREADY_RECORDED', 'SERVICE_UNAVAILABLE')
  record(@Body() dto: FeedbackRequestDto, @CurrentUser() user: AuthUser): Promise<FeedbackResponseDto> {
    return this.feedback.record(dto, user);
  }
}
