import { setHeader } from '../http/request-context';
import { API_VERSIONS, type ApiVersionInfo } from './api-versions';

/** HTTP-date form for Sunset (RFC 8594) and the epoch form for Deprecation (RFC 9745). */
export const httpDate = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`).toUTCString();
export const epoch = (isoDay: string) => `@${Math.floor(Date.parse(`${isoDay}T00:00:00Z`) / 1000)}`;

export interface DeprecationWarning {
  version: string;
  status: string;
  deprecation_date?: string;
  sunset_date?: string;
  migration_guide?: string;
}

/** The `deprecation_warning` object for a deprecated version, or undefined for a current one. */
export function deprecationWarning(info: ApiVersionInfo): DeprecationWarning | undefined {
  const policy = API_VERSIONS.find((v) => v.major === info.major);
  if (!policy || policy.status !== 'deprecated') return undefined;
  return {
    version: `v${policy.major}`,
    status: policy.status,
    deprecation_date: policy.deprecationDate,
    sunset_date: policy.sunsetDate,
    migration_guide: policy.migrationGuide,
  };
}

/** Every response names the version that served it; a deprecated version adds Deprecation and Sunset. */
export function applyVersionHeaders(res: unknown, info: ApiVersionInfo): void {
  const policy = API_VERSIONS.find((v) => v.major === info.major);
  setHeader(res, 'API-Version', `v${info.major}`);
  if (policy?.status === 'deprecated') {
    if (policy.deprecationDate) setHeader(res, 'Deprecation', epoch(policy.deprecationDate));
    if (policy.sunsetDate) setHeader(res, 'Sunset', httpDate(policy.sunsetDate));
  }
}
