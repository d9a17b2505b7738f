import { GatewayAddedCode } from '#contract';
import { GatewayError } from '../reply';

/** Envelope code and HTTP status of "the gateway could not save this": disk full, read-only, I/O error. */
export const STORAGE_FAILED_CODE = GatewayAddedCode.storageFailed;

const SQLITE_STORAGE = /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN|CORRUPT|NOTADB|PROTOCOL)/;
const FS_STORAGE = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EIO', 'EFBIG', 'EACCES', 'EPERM']);

/** True when `err` is the disk or database refusing a write, not a bug. */
export function isStorageFailure(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (SQLITE_STORAGE.test(code) || FS_STORAGE.has(code));
}

/** The refusal a client sees; nothing of the operation was kept, so it can be sent again later. */
export function storageFailed(what: string, err: unknown): GatewayError {
  const code = (err as { code?: unknown } | null)?.code;
  console.error(`storage: could not save ${what}`, typeof code === 'string' ? code : '', err instanceof Error ? err.message : String(err));
  return new GatewayError(
    STORAGE_FAILED_CODE,
    `Insufficient Storage: the gateway could not save ${what} (its disk is full or read-only); nothing was kept or charged, try again later`,
    507,
  );
}

/** Run a storage step; a storage failure becomes the 507 envelope, anything else is rethrown. */
export function guardStorage<T>(what: string, step: () => T): T {
  try {
    return step();
  } catch (err) {
    if (isStorageFailure(err)) throw storageFailed(what, err);
    throw err;
  }
}
