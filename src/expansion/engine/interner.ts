/** Interns small repeated strings (domains, roles, departments) to uint16 codes; 0 means null. */
export class Interner {
  private readonly codes = new Map<string, number>();
  private readonly values: string[] = [''];
  code(v: string | null | undefined): number {
    if (v === null || v === undefined) return 0;
    const k = String(v).trim().toLowerCase();
    if (k === '') return 0;
    let c = this.codes.get(k);
    if (c === undefined) {
      c = this.values.length;
      if (c > 0xffff) throw new Error('too many distinct domain/role/department values');
      this.codes.set(k, c);
      this.values.push(k);
    }
    return c;
  }
  /** code of an existing value, -1 when unknown, 0 for null/empty */
  find(v: string | null | undefined): number {
    if (v === null || v === undefined) return 0;
    const k = String(v).trim().toLowerCase();
    if (k === '') return 0;
    return this.codes.get(k) ?? -1;
  }
  value(c: number): string | null {
    return c === 0 ? null : this.values[c];
  }
}
