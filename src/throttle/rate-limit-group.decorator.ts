import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import { ApiErrors } from '../common/http/api-responses';
import { RATE_LIMIT_GROUP_EXTENSION } from '../common/http/openapi-document';

/** The spec's four rate groups; a request counts against its route group, not its route. */
export const RATE_LIMIT_GROUPS = ['expansion', 'synonyms', 'analytics', 'admin'] as const;
export type RateLimitGroupName = (typeof RATE_LIMIT_GROUPS)[number];

export const RATE_LIMIT_GROUP_KEY = 'throttle:group';

export const UNTHROTTLED_KEY = 'throttle:unthrottled';

/**
 * Puts a controller or handler in a rate group. Every route needs one, unless it is public and @Unthrottled(). The
 * OpenAPI document names the group on each route (its answers then carry the X-RateLimit headers) and shows the 429.
 */
export const RateLimitGroup = (group: RateLimitGroupName) =>
  applyDecorators(SetMetadata(RATE_LIMIT_GROUP_KEY, group), ApiExtension(RATE_LIMIT_GROUP_EXTENSION, group), ApiErrors('RATE_LIMIT_EXCEEDED'));

/**
 * Declares a public route (with @Public()) that no rate limit counts, such as the health probes: the start-up
 * check (RouteInventory) refuses a route that has neither a group nor this.
 */
export const Unthrottled = () => SetMetadata(UNTHROTTLED_KEY, true);
