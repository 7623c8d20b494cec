import { ValidationPipe, type ArgumentMetadata, type PipeTransform, type ValidationPipeOptions } from '@nestjs/common';
import { SafeKeysPipe } from './safe-keys.pipe';

/**
 * A fast path for one body DTO: returns the instance the ValidationPipe would return for `value`, or
 * undefined whenever it is not certain the value is valid (then the ValidationPipe runs as usual, and every
 * refusal keeps its exact error). It must never accept what the ValidationPipe refuses, nor return a
 * different instance: each one is checked against the pipe by a differential test.
 */
export type BodyFastPath = (value: unknown) => object | undefined;

/**
 * The one global pipe. Bodies and queries are first refused if they carry prototype keys or nest too deep
 * (SafeKeysPipe), then validated by the ValidationPipe; bodies of the DTOs given a fast path (the hot routes) are
 * first offered to it, as class-transformer and class-validator walk their metadata per request, which costs more
 * than the whole check written out. Path parameters are left to their own pipes (ParseIdPipe), which must see the
 * raw text to report it: the stock pipe would first turn "abc" into NaN. Values of custom parameter decorators (the
 * caller from @CurrentUser) are the service's own and pass as they are, as the stock pipe passes them; Nest also
 * names @RawBody, @UploadedFile and @UploadedFiles 'custom', so a route taking one of those (none does today) must
 * check it itself. One pipe rather than two, answering without a promise where nothing is awaited: Nest chains each
 * global pipe of each parameter through promises of its own.
 */
export class BodyAndQueryValidationPipe implements PipeTransform {
  private readonly validation: ValidationPipe;
  private readonly fastPaths: ReadonlyMap<unknown, BodyFastPath>;
  private readonly safeKeys = new SafeKeysPipe();

  constructor(options: ValidationPipeOptions, fastPaths: ReadonlyMap<unknown, BodyFastPath> = new Map()) {
    this.validation = new ValidationPipe(options);
    this.fastPaths = fastPaths;
  }

  /** The value (validated and transformed) as it is, or a promise of it when the ValidationPipe runs. */
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'param' || metadata.type === 'custom') return value;
    this.safeKeys.transform(value);
    if (metadata.type === 'body' && metadata.metatype) {
      const accepted = this.fastPaths.get(metadata.metatype)?.(value);
      if (accepted !== undefined) return accepted;
    }
    return this.validation.transform(value, metadata);
  }
}
