import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { ForbiddenError } from '../common/errors';
import { Trim } from '../common/validation/text';
import type { AuthUser } from './auth-user';

/**
 * The user an action is recorded for: the token's subject, or — for a `service` token only — the
 * `user_id` the body names. Anyone else naming a different user is refused.
 */
export function actingUserId(caller: AuthUser, requestedUserId?: string | null): string {
  if (requestedUserId === undefined || requestedUserId === null || requestedUserId === caller.id) return caller.id;
  if (caller.roles.includes('service')) return requestedUserId;
  throw new ForbiddenError('Only a service token may act for another user (user_id differs from the token subject)', 'USER_MISMATCH', {
    field: 'user_id',
    expected_type: 'the token subject',
    provided_value: requestedUserId,
  });
}

export const MAX_ACTING_USER_ID_LENGTH = 255;

/** The optional `user_id` of a body: whom a service token acts for (see actingUserId). */
export const OptionalActingUserId = () =>
  applyDecorators(
    ApiPropertyOptional({ description: 'Only a service token may name another user than its subject' }),
    IsOptional(),
    Trim(),
    IsString(),
    IsNotEmpty(),
    MaxLength(MAX_ACTING_USER_ID_LENGTH),
  );
