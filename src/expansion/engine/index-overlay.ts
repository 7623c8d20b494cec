import { ExpansionIndex, type CatalogueView, type Postings } from './expansion-index';
import { LIMITS } from './limits';
import { canonicalKey, canonicalToken, tokenize } from './normalize';
import type { CatalogueEntry } from './types';

/** A proposed change set as the index sees it: entries added or replaced (by id), entries taken out. */
export interface OverlayChanges {
  /** entries to add, or to replace the live entry of the same id (created entries take ids of their own, e.g. negative) */
  upserts: CatalogueEntry[];
  /** ids of live entries to take out (deactivated, deleted) */
  removals: number[];
}

/** Overlay slots follow every slot the base can have (typed-array slots stay far below 2^31). */
const OVERLAY_SLOT = 2 ** 31;
/** Scope codes only the overlay knows follow every code the base can intern (uint16). */
const OVERLAY_CODE = 0x10000;

/**
 * The live index with a change set applied, without copying or touching it (docs/CURATION.md, "Impact
 * simulation"). The changed entries are compiled into a small index of their own; the base's entries that
 * they replace or remove are hidden. Only the phrases those entries use ("touched" keys) answer differently:
 * their postings are merged (base minus hidden, then the overlay's, by confidence) on first use; every other
 * phrase is the base's own posting list. Cost: O(changes), whatever the catalogue's size.
 */
export class IndexOverlay implements CatalogueView {
  readonly lexicons: ExpansionIndex['lexicons'];
  private readonly added: ExpansionIndex;
  private readonly hidden = new Set<number>();
  private readonly touched = new Set<string>();
  private readonly merged = new Map<string, Postings | undefined>();
  private longestTouched = 0;

  constructor(
    private readonly base: ExpansionIndex,
    changes: OverlayChanges,
  ) {
    this.lexicons = base.lexicons;
    // a later change to the same id wins, as it would when applied in order
    const byId = new Map<number, CatalogueEntry | null>();
    for (const id of changes.removals) byId.set(id, null);
    for (const e of changes.upserts) byId.set(e.id, e);
    const upserts: CatalogueEntry[] = [];
    for (const [id, e] of byId) {
      const slot = base.slotOfId(id);
      if (slot !== undefined) {
        this.hidden.add(slot);
        this.touch(base.slotTerm(slot));
        this.touch(base.slotSynonym(slot));
      }
      if (e) upserts.push(e);
    }
    this.added = ExpansionIndex.build(upserts, base.lexicons);
    for (const e of upserts) {
      if (!this.added.has(e.id)) continue;
      this.touch(e.term);
      this.touch(e.synonym);
    }
  }

  get size(): number {
    return this.base.size - this.hidden.size + this.added.size;
  }

  get maxPhraseTokens(): number {
    return Math.max(this.base.maxPhraseTokens, this.added.maxPhraseTokens);
  }

  /** Canonical phrases whose postings differ from the live index's. */
  get touchedKeys(): ReadonlySet<string> {
    return this.touched;
  }

  /**
   * False when the change set cannot change this query's catalogue matches, so its expansion is the live one:
   * none of its contiguous token runs is a touched phrase. The catalogue matcher looks phrases up by exactly
   * these canonical keys, and every later step depends only on what it matched.
   */
  mayChange(query: string): boolean {
    if (this.touched.size === 0) return false;
    const canon = tokenize(query).map(canonicalToken);
    for (let i = 0; i < canon.length; i++) {
      let key = '';
      for (let L = 1; L <= this.longestTouched && i + L <= canon.length; L++) {
        key = L === 1 ? canon[i] : `${key} ${canon[i + L - 1]}`;
        if (this.touched.has(key)) return true;
      }
    }
    return false;
  }

  firstTokenMax(canonToken: string): number {
    return Math.max(this.base.firstTokenMax(canonToken), this.added.firstTokenMax(canonToken));
  }

  postings(key: string): Postings | undefined {
    if (!this.touched.has(key)) return this.base.postings(key);
    if (this.merged.has(key)) return this.merged.get(key);
    const list: number[] = [];
    const from = this.base.postings(key);
    if (from !== undefined) for (const p of typeof from === 'number' ? [from] : from) if (!this.hidden.has(Math.floor(p / 2))) list.push(p);
    const mine = this.added.postings(key);
    if (mine !== undefined) for (const p of typeof mine === 'number' ? [mine] : mine) list.push(OVERLAY_SLOT * 2 + p);
    // stable: an applied change would be inserted after live entries of equal confidence
    list.sort((a, b) => this.slotConfidence(Math.floor(b / 2)) - this.slotConfidence(Math.floor(a / 2)));
    const result = list.length === 0 ? undefined : list.length === 1 ? list[0] : list;
    this.merged.set(key, result);
    return result;
  }

  scopeCode(v: string | undefined | null): number {
    const b = this.base.scopeCode(v);
    if (b >= 0) return b;
    const o = this.added.scopeCode(v);
    return o > 0 ? OVERLAY_CODE + o : -1;
  }

  slotId(s: number): number {
    return s >= OVERLAY_SLOT ? this.added.slotId(s - OVERLAY_SLOT) : this.base.slotId(s);
  }
  slotTerm(s: number): string {
    return s >= OVERLAY_SLOT ? this.added.slotTerm(s - OVERLAY_SLOT) : this.base.slotTerm(s);
  }
  slotSynonym(s: number): string {
    return s >= OVERLAY_SLOT ? this.added.slotSynonym(s - OVERLAY_SLOT) : this.base.slotSynonym(s);
  }
  slotConfidence(s: number): number {
    return s >= OVERLAY_SLOT ? this.added.slotConfidence(s - OVERLAY_SLOT) : this.base.slotConfidence(s);
  }
  slotFlags(s: number): number {
    return s >= OVERLAY_SLOT ? this.added.slotFlags(s - OVERLAY_SLOT) : this.base.slotFlags(s);
  }
  slotDomain(s: number): string | null {
    return s >= OVERLAY_SLOT ? this.added.slotDomain(s - OVERLAY_SLOT) : this.base.slotDomain(s);
  }
  slotRoleCode(s: number): number {
    return s >= OVERLAY_SLOT ? this.sharedCode(this.added.slotRoleCode(s - OVERLAY_SLOT)) : this.base.slotRoleCode(s);
  }
  slotDeptCode(s: number): number {
    return s >= OVERLAY_SLOT ? this.sharedCode(this.added.slotDeptCode(s - OVERLAY_SLOT)) : this.base.slotDeptCode(s);
  }
  slotContext(s: number): string | null {
    return s >= OVERLAY_SLOT ? this.added.slotContext(s - OVERLAY_SLOT) : this.base.slotContext(s);
  }
  slotSuccess(s: number): { rate: number; usage: number } | null {
    return s >= OVERLAY_SLOT ? this.added.slotSuccess(s - OVERLAY_SLOT) : this.base.slotSuccess(s);
  }

  /** An overlay scope code in the code space scopeCode() answers in: the base's code when the base knows the value. */
  private sharedCode(code: number): number {
    if (code === 0) return 0;
    const b = this.base.scopeCode(this.added.scopeValue(code));
    return b >= 0 ? b : OVERLAY_CODE + code;
  }

  private touch(text: string): void {
    const toks = tokenize(text);
    if (toks.length === 0 || toks.length > LIMITS.MAX_PHRASE_TOKENS) return;
    this.touched.add(canonicalKey(toks));
    if (toks.length > this.longestTouched) this.longestTouched = toks.length;
  }
}
