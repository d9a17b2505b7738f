import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { link, mkdir, open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';

export const SIGNING_KEY_FILE = 'url-signing.key';
/** Where the server mounts the gateway; file URLs are absolute so they work in <a>/<audio>. */
export const GATEWAY_MOUNT = '/api';

export type FileKind = 'video' | 'audio';

const RECENT_SIGNATURES = 20_000;
/** Messages (kind, name, user) longer than this are signed afresh each time, never cached. */
const MAX_CACHED_MESSAGE_CHARS = 512;
/** The cache's budget in characters of its keys (~4 MB of strings); past it, it starts again. */
export const URL_SIGNER_CACHE_MAX_CHARS = 2_000_000;

/**
 * Signs file links as HMAC-SHA256(kind, name, userId) with a secret kept in DATA_DIR. A link
 * needs no headers, survives restarts, and cannot be made for another user's file by guessing.
 */
export class UrlSigner {
  /** A watch list asks for the same finished tasks every few seconds: one HMAC per link, not per answer. */
  /** Filled only by sign(), i.e. by links this server wrote: a link a request brings is verified without it. */
  private readonly recent = new Map<string, string>();
  private recentChars = 0;

  constructor(private readonly secret: Buffer) {}

  static async open(dataDir: string): Promise<UrlSigner> {
    await mkdir(dataDir, { recursive: true });
    const path = join(dataDir, SIGNING_KEY_FILE);
    const existing = await readKey(path);
    if (existing) return new UrlSigner(existing);
    // Write to a temp file, then link(): exactly one secret wins even if two processes race.
    const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    const handle = await open(tmp, 'w', 0o600);
    await handle.writeFile(randomBytes(32).toString('hex'));
    await handle.sync();
    await handle.close();
    await link(tmp, path).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'EEXIST') throw e;
    });
    await unlink(tmp);
    const key = await readKey(path);
    if (!key) throw new Error(`${path} does not hold a signing key`);
    return new UrlSigner(key);
  }

  /** Characters held by the cache's keys (for its budget, and tests). */
  get cachedChars(): number {
    return this.recentChars;
  }

  sign(kind: FileKind, name: string, userId: string): string {
    const message = `${kind}\n${name}\n${userId}`;
    let signature = this.recent.get(message);
    if (signature === undefined) {
      signature = this.hmac(message);
      if (message.length <= MAX_CACHED_MESSAGE_CHARS) {
        if (this.recent.size >= RECENT_SIGNATURES || this.recentChars + message.length > URL_SIGNER_CACHE_MAX_CHARS) {
          this.recent.clear();
          this.recentChars = 0;
        }
        this.recent.set(message, signature);
        this.recentChars += message.length;
      }
    }
    return signature;
  }

  /**
   * Anyone may bring a link, so verifying one never adds to the cache (57,000 requests with
   * 15,000-char names pinned ~600 MB when it did); a link this server signed is usually there.
   */
  verify(kind: FileKind, name: string, userId: string, signature: string): boolean {
    const message = `${kind}\n${name}\n${userId}`;
    const expected = Buffer.from(this.recent.get(message) ?? this.hmac(message));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private hmac(message: string): string {
    return createHmac('sha256', this.secret).update(message).digest('base64url');
  }

  /** Absolute URL of a file: <origin>/api/files/<kind>/<name>?u=<userId>&sig=<signature>. */
  fileUrl(origin: string, kind: FileKind, name: string, userId: string): string {
    // What URLSearchParams would write, without its cost (a status answer may hold 100 links).
    const query = `u=${encodeURIComponent(userId)}&sig=${this.sign(kind, name, userId)}`;
    return `${origin}${GATEWAY_MOUNT}/files/${kind}/${encodeURIComponent(name)}?${query}`;
  }
}

async function readKey(path: string): Promise<Buffer | null> {
  const text = await readFile(path, 'utf8').catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return null;
    throw e;
  });
  const hex = text?.trim() ?? '';
  return /^[0-9a-f]{64}$/.test(hex) ? Buffer.from(hex, 'hex') : null;
}
