import { SetMetadata } from '@nestjs/common';

/** The spec's four rate groups; a request counts against its route group, not its route. */
export const RATE_LIMIT_GROUPS = ['expansion', 'synonyms', 'analytics', 'admin'] as const;
export type RateLimitGroupName = (typeof RATE_LIMIT_GROUPS)[number];

export const RATE_LIMIT_GROUP_KEY = 'throttle:group';

/** Puts a controller or handler in a rate group. Routes without a group (health, docs) are not limited. */
export const RateLimitGroup = (group: RateLimitGroupName) => SetMetadata(RATE_LIMIT_GROUP_KEY, group);
