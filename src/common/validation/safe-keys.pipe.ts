import { Injectable, PipeTransform } from '@nestjs/common';
import { ValidationError } from '../errors';

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 32;

/**
 * Refuses bodies and queries carrying `__proto__`, `constructor` or `prototype` keys at any depth, before
 * class-transformer copies them onto objects. Also bounds nesting depth.
 */
@Injectable()
export class SafeKeysPipe implements PipeTransform {
  transform(value: unknown): unknown {
    // the common case walks the value without building a path string per key; only a refused value is walked
    // again to name the offending field
    if (!isSafe(value, 0)) check(value, '', 0);
    return value;
  }
}

function isSafe(value: unknown, depth: number): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (!isSafe(item, depth + 1)) return false;
    return true;
  }
  for (const key of Object.keys(value)) {
    if (FORBIDDEN.has(key) || !isSafe((value as Record<string, unknown>)[key], depth + 1)) return false;
  }
  return true;
}

function check(value: unknown, path: string, depth: number): void {
  if (value === null || typeof value !== 'object') return;
  if (depth > MAX_DEPTH) {
    throw new ValidationError(`Nesting deeper than ${MAX_DEPTH} levels is refused`, { field: path || '(body)', expected_type: `at most ${MAX_DEPTH} levels`, provided_value: null });
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) check(value[i], `${path}[${i}]`, depth + 1);
    return;
  }
  for (const key of Object.keys(value)) {
    const field = path ? `${path}.${key}` : key;
    if (FORBIDDEN.has(key)) {
      throw new ValidationError(`Property "${field}" is not allowed`, { field, expected_type: 'no such property', provided_value: null }, 'FORBIDDEN_PROPERTY');
    }
    check((value as Record<string, unknown>)[key], field, depth + 1);
  }
}
