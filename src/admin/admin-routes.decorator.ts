import { applyDecorators, Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/decorators';
import { ADMINS } from '../auth/roles';
import { ApiAuthenticated, ApiErrors } from '../common/http/api-responses';
import { RateLimitGroup } from '../throttle/rate-limit-group.decorator';

/** A controller under /query-expansion/admin: admin role, admin rate group, documented as such (all read or write the database). */
export const AdminRoutes = () =>
  applyDecorators(ApiTags('admin'), ApiAuthenticated(), ApiErrors('SERVICE_UNAVAILABLE'), Roles(...ADMINS), RateLimitGroup('admin'), Controller('query-expansion/admin'));
