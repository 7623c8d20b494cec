import type { SuccessMessageDto } from '../../src/common/http/api-responses';
import type { CreateSynonymDto } from '../../src/synonyms/dto/create-synonym.dto';
import type { DeleteSynonymDto } from '../../src/synonyms/dto/delete-synonym.dto';
import type { ReviewSynonymsDto, ReviewSynonymsResponseDto } from '../../src/synonyms/dto/review-synonyms.dto';
import type { ListSynonymsQueryDto } from '../../src/synonyms/dto/list-synonyms-query.dto';
import type { CreateSynonymResponseDto, SynonymDto, SynonymListDto, UpdateSynonymResponseDto } from '../../src/synonyms/dto/synonym-responses.dto';
import type { UpdateSynonymDto } from '../../src/synonyms/dto/update-synonym.dto';
import type { AuditLogDto } from '../../src/audit/dto/audit-entry.dto';
import type { PaginationQueryDto } from '../../src/common/pagination';
import { call, withQuery, type Body, type HttpServer, type Query } from './http';
import { ROUTES } from './routes';

/** The catalogue: /query-expansion/synonyms, /query-expansion/synonyms/{id}, its /history and /query-expansion/synonyms/review. Ids are strings too, for the tests of bad ones. */
export function synonymsClient(server: HttpServer) {
  const create = (body: Body<CreateSynonymDto>, token?: string) => call<CreateSynonymResponseDto>(server, 'post', ROUTES.synonyms, token, body);
  return {
    create,
    /** Creates an entry, failing the test unless the answer is 200; the new entry's id. */
    createdId: async (body: Body<CreateSynonymDto>, token?: string): Promise<number> => (await create(body, token).expect(200)).body.synonym_id,
    list: (query: Query<ListSynonymsQueryDto> = {}, token?: string) => call<SynonymListDto>(server, 'get', withQuery(ROUTES.synonyms, query), token),
    get: (id: number | string, token?: string) => call<SynonymDto>(server, 'get', ROUTES.synonym(id), token),
    update: (id: number | string, body: Body<UpdateSynonymDto>, token?: string) => call<UpdateSynonymResponseDto>(server, 'put', ROUTES.synonym(id), token, body),
    /** DELETE, with a body ({reason}) only when one is given. */
    remove: (id: number | string, token?: string, body?: Body<DeleteSynonymDto>) => call<SuccessMessageDto>(server, 'delete', ROUTES.synonym(id), token, body),
    /** GET /synonyms/{id}/history: the entry's audit entries, newest first. */
    history: (id: number | string, query: Query<PaginationQueryDto> = {}, token?: string) => call<AuditLogDto>(server, 'get', withQuery(ROUTES.synonymHistory(id), query), token),
    /** POST /synonyms/review: one action for many ids, a result per id. */
    review: (body: Body<ReviewSynonymsDto>, token?: string) => call<ReviewSynonymsResponseDto>(server, 'post', ROUTES.synonymsReview, token, body),
  };
}
