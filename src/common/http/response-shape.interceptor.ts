import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import { Page } from '../pagination/page';
import { deprecationWarning, applyVersionHeaders } from '../versioning/version-headers';
import { setHeader, type RequestContext } from './request-context';

/**
 * Renders every successful body for the version that serves it (docs/API.md, "Versioning"):
 * - a Page becomes the spec's list body `{<key>: items, total}`, or the v2 envelope
 *   `{data, pagination, meta}` when the client named v2 explicitly, with the X-Total-Count family of headers;
 * - a deprecated version (v1) adds `deprecation_warning` to object bodies.
 */
@Injectable()
export class ResponseShapeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<RequestContext>();
    const res = http.getResponse<unknown>();
    const version = req.apiVersion ?? { major: 2, source: 'default' as const };
    return next.handle().pipe(
      map((body: unknown) => {
        applyVersionHeaders(res, version);
        let out: unknown = body;
        if (body instanceof Page) {
          setHeader(res, 'X-Total-Count', body.total);
          setHeader(res, 'X-Page-Size', body.limit);
          setHeader(res, 'X-Page-Offset', body.offset);
          setHeader(res, 'X-Has-More', String(body.hasMore));
          out =
            version.major === 2 && version.source !== 'default'
              ? {
                  data: body.items,
                  pagination: { total: body.total, page: Math.floor(body.offset / body.limit) + 1, per_page: body.limit, offset: body.offset },
                  meta: { version: `v${version.major}`, timestamp: new Date().toISOString() },
                }
              : { [body.key]: body.items, total: body.total };
        }
        const warning = deprecationWarning(version);
        if (warning && out !== null && typeof out === 'object' && !Array.isArray(out)) {
          out = { ...(out), deprecation_warning: warning };
        }
        return out;
      }),
    );
  }
}
