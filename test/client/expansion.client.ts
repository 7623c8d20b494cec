import type { ExpandRequestDto } from '../../src/expansion/dto/expand-request.dto';
import type { ExpandResponseDto } from '../../src/expansion/dto/expand-response.dto';
import type { FeedbackRequestDto } from '../../src/feedback/dto/feedback-request.dto';
import type { FeedbackResponseDto } from '../../src/feedback/dto/feedback-response.dto';
import { call, type Body, type HttpServer } from './http';
import { ROUTES } from './routes';

/** POST /query-expansion/expand. */
export function expandClient(server: HttpServer) {
  return (body: Body<ExpandRequestDto>, token?: string) => call<ExpandResponseDto>(server, 'post', ROUTES.expand, token, body);
}

/** POST /query-expansion/feedback. */
export function feedbackClient(server: HttpServer) {
  return {
    rate: (body: Body<FeedbackRequestDto>, token?: string) => call<FeedbackResponseDto>(server, 'post', ROUTES.feedback, token, body),
  };
}
