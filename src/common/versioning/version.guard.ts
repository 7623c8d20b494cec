import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ValidationError } from '../errors';
import { httpRequest, type RequestContext } from '../http/request-context';

/** First global guard: an unsupported or malformed API version is refused before anything else runs. */
@Injectable()
export class ApiVersionGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const info = httpRequest<RequestContext>(context).apiVersion;
    if (info?.error) {
      throw new ValidationError(
        info.error,
        { field: info.source === 'header' ? 'API-Version' : 'version', expected_type: 'v1 or v2', provided_value: info.requested ?? null },
        'UNSUPPORTED_API_VERSION',
      );
    }
    return true;
  }
}
