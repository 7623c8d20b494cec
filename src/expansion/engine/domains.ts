/**
 * Domains as requests name them and as sources label their entries. A request for a broad domain
 * ("technical", "business") matches entries of its specific domains and the other way round, so a
 * thesaurus set labelled "legal" serves a request for "business" and a lexicon sense labelled "business"
 * serves a request for "legal".
 */
export const DOMAIN_FAMILIES: Record<string, readonly string[]> = {
  technical: ['it', 'engineering'],
  business: ['hr', 'finance', 'sales', 'marketing', 'legal', 'procurement', 'facilities'],
};

const PARENT = new Map<string, string>();
for (const [parent, children] of Object.entries(DOMAIN_FAMILIES)) for (const c of children) PARENT.set(c, parent);

/** Request domain normalised: lower-case, '' and 'general' mean none. */
export function requestDomainOf(domain: string | undefined | null): string | undefined {
  const d = domain ? String(domain).trim().toLowerCase() : '';
  return d && d !== 'general' ? d : undefined;
}

/**
 * 1 when an entry's domain serves the request's (same, parent or child), -1 when both are specific and
 * unrelated, 0 when either is general or absent, or when they are siblings ("it" and "engineering").
 */
export function domainMatchOf(entryDomain: string | null | undefined, requestDomain: string | undefined): -1 | 0 | 1 {
  if (!requestDomain) return 0;
  const e = entryDomain ? entryDomain.toLowerCase() : '';
  if (!e || e === 'general') return 0;
  if (e === requestDomain) return 1;
  if (PARENT.get(e) === requestDomain || PARENT.get(requestDomain) === e) return 1;
  if (PARENT.has(e) && PARENT.get(e) === PARENT.get(requestDomain)) return 0;
  return -1;
}
