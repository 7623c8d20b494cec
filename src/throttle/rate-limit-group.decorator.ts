import { SetMetadata } from '@nestjs/common';

/** The spec's four rate groups; a request counts against its route group, not its route. */
export const RATE_LIMIT_GROUPS = ['expansion', 'synonyms', 'analytics', 'admin'] as const;
export type RateLimitGroupName = (typeof RATE_LIMIT_GROUPS)[number];

export const RATE_LIMIT_GROUP_KEY = 'throttle:group';

export const UNTHROTTLED_KEY = 'throttle:unthrottled';

/** Puts a controller or handler in a rate group. Every route needs one, unless it is public and @Unthrottled(). */
export const RateLimitGroup = (group: RateLimitGroupName) => SetMetadata(RATE_LIMIT_GROUP_KEY, group);

/**
 * Declares a public route (with @Public()) that no rate limit counts, such as the health probes: the start-up
 * check (RouteInventory) refuses a route that has neither a group nor this.
 */
export const Unthrottled = () => SetMetadata(UNTHROTTLED_KEY, true);
