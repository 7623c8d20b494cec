import { AsyncResource } from 'node:async_hooks';
import type { OnApplicationShutdown } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';

/** What a storage answers for one hit (the library does not export its record type). */
export type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** How often records without live hits are dropped, as in @nestjs/throttler's own in-memory storage. */
export const SWEEP_INTERVAL_MS = 60_000;

/**
 * The expiry times of one key's hits in ascending order, so the live ones are a suffix: `times` from `head` on, and
 * the first of them expires first. Hits expire in the order they are counted (each lives the throttler's ttl), so a
 * new one goes at the end; only a clock set back (or a shorter ttl) puts one further in.
 */
class HitLog {
  times: number[] = [];
  head = 0;

  get count(): number {
    return this.times.length - this.head;
  }

  /** The hit's expiry time, in order. */
  add(expiresAt: number): void {
    const { times } = this;
    if (times.length === this.head || expiresAt >= times[times.length - 1]) {
      times.push(expiresAt);
      return;
    }
    let lo = this.head;
    let hi = times.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (times[mid] <= expiresAt) lo = mid + 1;
      else hi = mid;
    }
    times.splice(lo, 0, expiresAt);
  }

  /** Drops the hits expired at `now`; amortised O(1) per hit. */
  prune(now: number): void {
    const { times } = this;
    let head = this.head;
    while (head < times.length && times[head] <= now) head++;
    // keep the array from growing without bound: compact once the dead prefix is the larger part
    if (head > 64 && head * 2 > times.length) {
      this.times = times.slice(head);
      head = 0;
    }
    this.head = head;
  }

  clear(): void {
    this.times = [];
    this.head = 0;
  }
}

interface KeyRecord {
  expiresAt: number;
  blockExpiresAt: number;
  isBlocked: boolean;
  hits: Map<string, HitLog>;
}

/**
 * Rate-limit counts in this instance's memory: the counting rules of @nestjs/throttler's ThrottlerStorageService
 * (a sliding log of hits per key, each expiring after the ttl; past the limit a key is blocked for blockDuration, or
 * refused hit by hit when blockDuration is 0), at a cost per request that does not grow with the hits in the window.
 * The library's storage filters a key's whole list of hits and takes their minimum on every request: with a limit of
 * N a window, each request of a busy user walked and copied up to N numbers (10,000 for an account allowed 10,000 a
 * minute). test/unit/memory-throttler-storage.spec.ts runs both storages side by side on the same requests (bursts,
 * pauses, the clock set back, sweeps) and checks that a busy key holds a bounded number of expiry times.
 */
export class MemoryThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly records = new Map<string, KeyRecord>();
  private sweep: NodeJS.Timeout | undefined;

  /** Started by the first request, outside its async context (the timer must not keep that request's log scope). */
  private readonly startSweep = AsyncResource.bind(() => {
    this.sweep = setInterval(() => this.evictIdle(Date.now()), SWEEP_INTERVAL_MS).unref();
  });

  /** Keys held (for tests and diagnostics). */
  get size(): number {
    return this.records.size;
  }

  /** Expiry times held for all keys, live or not yet compacted away (for tests and diagnostics). */
  get heldTimes(): number {
    let n = 0;
    for (const record of this.records.values()) for (const log of record.hits.values()) n += log.times.length;
    return n;
  }

  increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    return Promise.resolve(this.count(key, ttl, limit, blockDuration, throttlerName, Date.now()));
  }

  /** One hit at `now`; what increment answers, without a promise (the rate-limit guard calls this directly). */
  count(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string, now: number): ThrottlerStorageRecord {
    if (!this.sweep) this.startSweep();
    let record = this.records.get(key);
    if (!record) {
      record = { expiresAt: now + ttl, blockExpiresAt: 0, isBlocked: false, hits: new Map() };
      this.records.set(key, record);
    }
    let log = record.hits.get(throttlerName);
    if (!log) record.hits.set(throttlerName, (log = new HitLog()));
    log.prune(now);
    let timeToExpire = seconds(record.expiresAt - now);
    if (timeToExpire <= 0) {
      record.expiresAt = now + ttl;
      timeToExpire = seconds(record.expiresAt - now);
    }

    if (blockDuration <= 0) {
      // refused hit by hit: a refused request is not counted, and the key frees up as its oldest hit expires
      const isBlocked = log.count >= limit;
      if (!isBlocked) log.add(now + ttl);
      const timeToBlockExpire = log.count > 0 ? seconds(log.times[log.head] - now) : timeToExpire;
      return { totalHits: log.count + (isBlocked ? 1 : 0), timeToExpire, isBlocked, timeToBlockExpire: isBlocked ? timeToBlockExpire : 0 };
    }

    if (!record.isBlocked) log.add(now + ttl);
    if (log.count > limit && !record.isBlocked) {
      record.isBlocked = true;
      record.blockExpiresAt = now + blockDuration;
    }
    const timeToBlockExpire = seconds(record.blockExpiresAt - now);
    if (timeToBlockExpire <= 0 && record.isBlocked) {
      // the block is over: counting starts again from this hit
      record.isBlocked = false;
      log.clear();
      log.add(now + ttl);
    }
    return { totalHits: log.count, timeToExpire, isBlocked: record.isBlocked, timeToBlockExpire };
  }

  /** Drops the keys that are neither blocked, nor within their window, nor holding a live hit. */
  evictIdle(now: number): void {
    for (const [key, record] of this.records) {
      if (record.isBlocked && record.blockExpiresAt > now) continue;
      if (record.expiresAt > now) continue;
      // a live hit: the last to expire has not (looked at, not pruned: a clock set back would revive pruned hits)
      let live = false;
      for (const log of record.hits.values()) if (log.count > 0 && log.times[log.times.length - 1] > now) live = true;
      if (!live) this.records.delete(key);
    }
  }

  onApplicationShutdown(): void {
    if (this.sweep) clearInterval(this.sweep);
    this.sweep = undefined;
    this.records.clear();
  }
}

function seconds(ms: number): number {
  return Math.ceil(ms / 1000);
}
