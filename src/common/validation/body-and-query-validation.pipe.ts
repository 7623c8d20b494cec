import { ValidationPipe, type ArgumentMetadata } from '@nestjs/common';

/**
 * The global ValidationPipe for bodies and queries. Path parameters are left to their own pipes
 * (ParseIdPipe), which must see the raw text to report it: the stock pipe would first turn "abc" into NaN.
 */
export class BodyAndQueryValidationPipe extends ValidationPipe {
  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'param') return Promise.resolve(value);
    return super.transform(value, metadata);
  }
}
