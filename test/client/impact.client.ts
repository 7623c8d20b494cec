import type { LintDto, LintResponseDto, SimulateDto, SimulateResponseDto } from '../../src/impact/dto/impact.dto';
import { call, type Body, type HttpServer } from './http';
import { ROUTES } from './routes';

/** POST /query-expansion/admin/simulate and /lint: impact simulation and rule lint. */
export function impactClient(server: HttpServer) {
  return {
    simulate: (body: Body<SimulateDto>, token?: string) => call<SimulateResponseDto>(server, 'post', ROUTES.admin.simulate, token, body),
    lint: (body: Body<LintDto>, token?: string) => call<LintResponseDto>(server, 'post', ROUTES.admin.lint, token, body),
  };
}
