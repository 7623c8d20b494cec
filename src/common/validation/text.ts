import { Transform } from 'class-transformer';

/** Trims strings before validation, so "  " fails @IsNotEmpty and limits count meaningful characters. */
export const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** Trims and lower-cases: for scope values (domain, user_role) that match case-insensitively. */
export const TrimLower = () => Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));
