import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';

/** The error envelope, for Swagger. */
export class ErrorDetailsDto {
  @ApiPropertyOptional() field?: string;
  @ApiPropertyOptional() expected_type?: string;
  @ApiPropertyOptional({ description: 'The value received, or null', nullable: true }) provided_value?: unknown;
}

export class ErrorResponseDto {
  @ApiProperty({ example: 'Bad Request' }) error: string;
  @ApiProperty({ example: 'Invalid value for "confidence": confidence must not be greater than 1' }) message: string;
  @ApiProperty({ example: 'VALIDATION_ERROR', description: 'Upper snake case; the full list is in docs/API.md' }) code: string;
  @ApiPropertyOptional({ type: ErrorDetailsDto }) details?: ErrorDetailsDto;
}

export class SuccessMessageDto {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty() message: string;
}

const STANDARD: Record<number, string> = {
  400: 'Invalid request parameters (error envelope; details names the first bad field)',
  401: 'Missing, malformed, wrongly signed or expired bearer token',
  403: 'The token lacks a role this operation needs',
  429: 'Rate limit of the route group exceeded; see Retry-After',
};

/** The error responses every authenticated route may give, plus any extra ones. */
export function ApiErrors(extra: Record<number, string> = {}) {
  const all = { ...STANDARD, ...extra };
  return applyDecorators(...Object.entries(all).map(([status, description]) => ApiResponse({ status: Number(status), description, type: ErrorResponseDto })));
}
