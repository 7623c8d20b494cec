/**
 * What a list endpoint's service returns. The response interceptor renders it in the version's list
 * shape and sets the pagination headers, so no controller formats a list by hand.
 */
export class Page<T> {
  constructor(
    /** The key of the items in the spec's body, e.g. `synonyms` or `audit_entries`. */
    readonly key: string,
    readonly items: T[],
    readonly total: number,
    readonly limit: number,
    readonly offset: number,
  ) {}

  get hasMore(): boolean {
    return this.offset + this.items.length < this.total;
  }
}
