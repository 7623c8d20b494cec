/**
 * The API lifecycle table from the spec's versioning policy. Everything that depends on versions reads
 * this table; nothing else hard-codes a date or a status.
 */
export type LifecycleStatus = 'active' | 'deprecated' | 'sunset' | 'planned';

export interface ApiVersionPolicy {
  major: number;
  status: LifecycleStatus;
  released?: string;
  deprecationDate?: string;
  sunsetDate?: string;
  migrationGuide?: string;
}

export const API_VERSIONS: readonly ApiVersionPolicy[] = [
  {
    major: 1,
    status: 'deprecated',
    deprecationDate: '2024-12-31',
    sunsetDate: '2025-06-30',
    migrationGuide: '/docs#versioning-v1-to-v2 (docs/API.md, "Versioning"): 3 to 6 months, complexity medium',
  },
  { major: 2, status: 'active', released: '2024-01-01', sunsetDate: '2026-12-31' },
  { major: 3, status: 'planned' },
];

export const DEFAULT_API_VERSION = 2;

/** Versions a request may name: released ones (active or deprecated), not planned or sunset ones. */
export function findServedVersion(major: number): ApiVersionPolicy | undefined {
  return API_VERSIONS.find((v) => v.major === major && (v.status === 'active' || v.status === 'deprecated'));
}

export type VersionSource = 'path' | 'header' | 'query' | 'default';

export interface ApiVersionInfo {
  /** The major version that serves the request, e.g. 2. */
  major: number;
  /** How the version was chosen; `default` means the client named none. */
  source: VersionSource;
  /** The text the client sent, for messages. */
  requested?: string;
  /** Set when the requested version is malformed or not served; the version guard answers 400. */
  error?: string;
}

const VERSION_PATTERN = /^v?(\d{1,3})(?:\.(\d{1,3}))?(?:\.(\d{1,3}))?$/i;

/** Parses "2", "v2", "V2.1", "2.1.1" to the major number; anything else is undefined. */
export function parseVersion(text: string): number | undefined {
  const m = VERSION_PATTERN.exec(text.trim());
  return m ? Number(m[1]) : undefined;
}

/** Resolves a requested version text: the served major, or an error message naming the version. */
export function resolveVersion(requested: string, source: VersionSource): ApiVersionInfo {
  const major = parseVersion(requested);
  const shown = requested.length > 40 ? `${requested.slice(0, 40)}...` : requested;
  if (major === undefined) {
    return { major: DEFAULT_API_VERSION, source, requested, error: `API version "${shown}" is not a valid version (use v1 or v2)` };
  }
  if (!findServedVersion(major)) {
    const supported = API_VERSIONS.filter((v) => findServedVersion(v.major)).map((v) => `v${v.major}`);
    return { major, source, requested, error: `API version "${shown}" is not supported; supported versions: ${supported.join(', ')}` };
  }
  return { major, source, requested };
}
