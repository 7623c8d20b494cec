import { applyDecorators, Controller } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/decorators';
import { ADMINS } from '../auth/roles';
import { ApiErrors } from '../common/http/api-responses';
import { RateLimitGroup } from '../throttle/rate-limit-group.decorator';

/** A controller under /query-expansion/admin: admin role, admin rate group, documented as such. */
export const AdminRoutes = () =>
  applyDecorators(ApiTags('admin'), ApiBearerAuth(), ApiErrors(), Roles(...ADMINS), RateLimitGroup('admin'), Controller('query-expansion/admin'));
