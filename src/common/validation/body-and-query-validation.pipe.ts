import { ValidationPipe, type ArgumentMetadata, type ValidationPipeOptions } from '@nestjs/common';

/**
 * A fast path for one body DTO: returns the instance the ValidationPipe would return for `value`, or
 * undefined whenever it is not certain the value is valid (then the ValidationPipe runs as usual, and every
 * refusal keeps its exact error). It must never accept what the ValidationPipe refuses, nor return a
 * different instance: each one is checked against the pipe by a differential test.
 */
export type BodyFastPath = (value: unknown) => object | undefined;

/**
 * The global ValidationPipe for bodies and queries. Path parameters are left to their own pipes
 * (ParseIdPipe), which must see the raw text to report it: the stock pipe would first turn "abc" into NaN.
 * Bodies of the DTOs given a fast path (the hot routes) are first offered to it: class-transformer and
 * class-validator walk their metadata per request, which costs more than the whole check written out.
 */
export class BodyAndQueryValidationPipe extends ValidationPipe {
  private readonly fastPaths: ReadonlyMap<unknown, BodyFastPath>;

  constructor(options: ValidationPipeOptions, fastPaths: ReadonlyMap<unknown, BodyFastPath> = new Map()) {
    super(options);
    this.fastPaths = fastPaths;
  }

  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'param') return Promise.resolve(value);
    if (metadata.type === 'body' && metadata.metatype) {
      const accepted = this.fastPaths.get(metadata.metatype)?.(value);
      if (accepted !== undefined) return Promise.resolve(accepted);
    }
    return super.transform(value, metadata);
  }
}
