import { applyDecorators, CallHandler, ExecutionContext, Injectable, NestInterceptor, UseInterceptors, type Type } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import { map, type Observable } from 'rxjs';
import { Page } from '../pagination/page';
import { headerRefs } from './openapi-document';
import { setHeader, type RequestContext } from './request-context';

/**
 * List routes only (`@UseInterceptors(ListShapeInterceptor)`): a Page becomes the spec's list body
 * `{<key>: items, total}`, or the v2 envelope `{data, pagination, meta}` when the client named v2 explicitly,
 * with the X-Total-Count family of headers (docs/API.md, "Lists"). Version headers and the v1 deprecation
 * warning are set where the version is decided (apiVersionMiddleware), for every route.
 */
@Injectable()
export class ListShapeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<RequestContext>();
    const res = http.getResponse<unknown>();
    const version = req.apiVersion ?? { major: 2, source: 'default' as const };
    return next.handle().pipe(
      map((body: unknown) => {
        if (!(body instanceof Page)) return body;
        setHeader(res, 'X-Total-Count', body.total);
        setHeader(res, 'X-Page-Size', body.limit);
        setHeader(res, 'X-Page-Offset', body.offset);
        setHeader(res, 'X-Has-More', String(body.hasMore));
        return version.major === 2 && version.source !== 'default'
          ? {
              data: body.items,
              pagination: { total: body.total, page: Math.floor(body.offset / body.limit) + 1, per_page: body.limit, offset: body.offset },
              meta: { version: `v${version.major}`, timestamp: new Date().toISOString() },
            }
          : { [body.key]: body.items, total: body.total };
      }),
    );
  }
}

/** A list route: its Page rendered by ListShapeInterceptor, documented with its body type and pagination headers. */
export const ListRoute = (type: Type<unknown>) =>
  applyDecorators(UseInterceptors(ListShapeInterceptor), ApiOkResponse({ type, headers: headerRefs('X-Total-Count', 'X-Page-Size', 'X-Page-Offset', 'X-Has-More') }));
