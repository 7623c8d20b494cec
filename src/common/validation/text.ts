import { Transform } from 'class-transformer';
import { Matches } from 'class-validator';

/** Trims strings before validation, so "  " fails @IsNotEmpty and limits count meaningful characters. */
export const Trim = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** Trims and lower-cases: for scope values (domain, user_role) that match case-insensitively. */
export const TrimLower = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));

/** Each string of an array trimmed before validation (tags), so "  " fails @IsNotEmpty({ each: true }). */
export const TrimEach = () => Transform(({ value }: { value: unknown }) => (Array.isArray(value) ? value.map((v: unknown) => (typeof v === 'string' ? v.trim() : v)) : value));

export const PRINTABLE_TEXT = /^(?:[^\u0000-\u001f\u007f\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/;

/** No control characters and no unpaired UTF-16 surrogates: text that is stored and shown back. */
export const PrintableText = () => Matches(PRINTABLE_TEXT, { message: '$property must not contain control characters or broken Unicode' });
