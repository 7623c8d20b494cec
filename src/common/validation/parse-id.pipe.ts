import { Injectable, PipeTransform, type ArgumentMetadata } from '@nestjs/common';
import { ValidationError } from '../errors';

/** Path ids are positive integers; anything else is a 400 naming the parameter. */
@Injectable()
export class ParseIdPipe implements PipeTransform<string, number> {
  transform(value: string, meta: ArgumentMetadata): number {
    const n = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647) {
      throw new ValidationError(`Path parameter "${meta.data ?? 'id'}" must be a positive integer`, {
        field: meta.data ?? 'id',
        expected_type: 'integer',
        provided_value: value,
      });
    }
    return n;
  }
}
