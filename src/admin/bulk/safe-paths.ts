import { constants as fsConstants } from 'node:fs';
import { lstat, mkdir, open, realpath, type FileHandle } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { NotFoundError, PayloadTooLargeError, ValidationError } from '../../common/errors';
import { summariseValue } from '../../common/validation/validation-exception.factory';

/**
 * Path rules for bulk import and export (docs/IMPORT_EXPORT.md, "Paths"): a client names a file inside the
 * configured directory, relative to it or absolute; nothing may lead out of it, by `..` or by a symlink.
 */

/** `child` is `parent` itself or lies below it (both absolute, normalised). */
export function isInside(parent: string, child: string, allowSame = false): boolean {
  const rel = relative(parent, child);
  if (rel === '') return allowSame;
  return !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
}

function invalidPath(field: string, provided: unknown, message: string): ValidationError {
  return new ValidationError(message, { field, expected_type: 'path of a file inside the configured directory', provided_value: summariseValue(provided) }, 'INVALID_FILE_PATH');
}

function errnoCode(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code;
}

/** The configured directory, created if missing, and its real path. */
export async function baseDirectory(configured: string): Promise<{ base: string; realBase: string }> {
  const base = resolve(configured);
  await mkdir(base, { recursive: true });
  return { base, realBase: await realpath(base) };
}

/**
 * Checks the text of a client path and resolves it lexically inside `base` (or `realBase`, for a client
 * that sends the directory's real absolute path). Refuses empty text, NUL bytes and anything that
 * resolves outside the directory or to the directory itself.
 */
export function resolveLexically(field: string, provided: string, base: string, realBase: string): string {
  if (typeof provided !== 'string' || provided.trim() === '') throw invalidPath(field, provided, `${field} must not be empty`);
  if (provided.includes('\0')) throw invalidPath(field, provided, `${field} must not contain NUL bytes`);
  // File systems refuse longer names (ENAMETOOLONG): say so as a path error, not a server error.
  if (provided.split(/[\\/]/).some((part) => Buffer.byteLength(part) > 255)) throw invalidPath(field, provided, `${field} has a name longer than 255 bytes`);
  const target = isAbsolute(provided) ? resolve(provided) : resolve(base, provided);
  if (!isInside(base, target) && !isInside(realBase, target)) {
    throw invalidPath(field, provided, `${field} must name a file inside the ${field === 'file_path' ? 'import' : 'export'} directory`);
  }
  return target;
}

export interface OpenedImport {
  handle: FileHandle;
  /** The file's path relative to the import directory, with forward slashes. */
  relativePath: string;
  size: number;
}

/**
 * Opens an import file for reading after checking every rule: inside the import directory also after
 * resolving symlinks, a regular file, at most `maxBytes`. The checks that matter are made again on the
 * opened descriptor, so a file swapped between check and open is still caught.
 */
export async function openImportFile(provided: string, importDir: string, maxBytes: number): Promise<OpenedImport> {
  const field = 'file_path';
  const { base, realBase } = await baseDirectory(importDir);
  const target = resolveLexically(field, provided, base, realBase);
  try {
    await lstat(target);
  } catch (err) {
    if (errnoCode(err) === 'ENOENT' || errnoCode(err) === 'ENOTDIR') {
      throw new NotFoundError('FILE_NOT_FOUND', `No file ${JSON.stringify(provided)} in the import directory`, {
        field,
        expected_type: 'path of an existing file inside the import directory',
        provided_value: summariseValue(provided),
      });
    }
    throw err;
  }
  let real: string;
  try {
    real = await realpath(target);
  } catch {
    // A dangling or looping symlink.
    throw invalidPath(field, provided, `${field} is a link that does not lead to a file`);
  }
  if (!isInside(realBase, real)) throw invalidPath(field, provided, `${field} leads outside the import directory`);
  let handle: FileHandle;
  try {
    handle = await open(real, fsConstants.O_RDONLY | (fsConstants.O_NOFOLLOW ?? 0) | (fsConstants.O_NONBLOCK ?? 0));
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') throw new NotFoundError('FILE_NOT_FOUND', `No file ${JSON.stringify(provided)} in the import directory`, { field, provided_value: summariseValue(provided) });
    throw invalidPath(field, provided, `${field} cannot be opened as a regular file`);
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw invalidPath(field, provided, `${field} is not a regular file`);
    if (stats.size > maxBytes) {
      throw new PayloadTooLargeError('FILE_TOO_LARGE', `The import file is ${stats.size} bytes; the limit is ${maxBytes} bytes`, {
        field,
        expected_type: `a file of at most ${maxBytes} bytes`,
        provided_value: summariseValue(provided),
        size: stats.size,
        max_size: maxBytes,
      });
    }
    return { handle, relativePath: relative(realBase, real).split(sep).join('/'), size: stats.size };
  } catch (err) {
    await handle.close();
    throw err;
  }
}

export interface ExportTarget {
  /** Absolute real path of the final file (its directory resolved). */
  finalPath: string;
  /** Directory the temp file goes into: the final file's (real) directory. */
  directory: string;
  relativePath: string;
}

/**
 * Resolves an export destination: inside the export directory, its parent directory existing and inside
 * it after resolving symlinks, and the destination, if it exists, a regular file (never a symlink or a
 * directory). Missing subdirectories are not created.
 */
export async function resolveExportTarget(provided: string, exportDir: string): Promise<ExportTarget> {
  const field = 'output_path';
  const { base, realBase } = await baseDirectory(exportDir);
  const target = resolveLexically(field, provided, base, realBase);
  if (/[/\\]$/.test(provided)) throw invalidPath(field, provided, `${field} must name a file, not a directory`);
  let realParent: string;
  try {
    realParent = await realpath(dirname(target));
  } catch {
    throw invalidPath(field, provided, `the directory of ${field} does not exist in the export directory (subdirectories are not created)`);
  }
  if (!isInside(realBase, realParent, true)) throw invalidPath(field, provided, `${field} leads outside the export directory`);
  const finalPath = join(realParent, basename(target));
  try {
    const stats = await lstat(finalPath);
    if (stats.isSymbolicLink()) throw invalidPath(field, provided, `${field} is a symbolic link; it is not overwritten`);
    if (!stats.isFile()) throw invalidPath(field, provided, `${field} exists and is not a regular file`);
  } catch (err) {
    if (errnoCode(err) !== 'ENOENT') throw err;
  }
  return { finalPath, directory: realParent, relativePath: relative(realBase, finalPath).split(sep).join('/') };
}
