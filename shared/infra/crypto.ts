import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const b64u = (b: Buffer) => b.toString('base64url');
const unb64u = (s: string) => Buffer.from(s, 'base64url');

/**
 * AES-256-GCM key ring (`ENCRYPTION_KEYS` = `kid:base64key,...`, newest first). Each ciphertext names
 * its key id (`v1.<kid>.<iv>.<tag>.<ct>`), so values written under an older key still decrypt after a
 * new key is put in front, and `needsRotation` tells the re-encryption job what to rewrite.
 */
export class Vault {
  private readonly keys = new Map<string, Buffer>();
  private readonly currentKid: string;

  constructor(keyRing: string) {
    for (const entry of keyRing.split(',').map((e) => e.trim()).filter(Boolean)) {
      const idx = entry.indexOf(':');
      const kid = entry.slice(0, idx);
      const key = Buffer.from(entry.slice(idx + 1), 'base64');
      if (idx <= 0 || !/^[A-Za-z0-9_-]+$/.test(kid) || key.length !== 32) {
        throw new Error('ENCRYPTION_KEYS: each entry must be <keyId>:<base64 of 32 bytes>');
      }
      if (!this.keys.has(kid)) this.keys.set(kid, key);
    }
    const first = this.keys.keys().next();
    if (first.done) throw new Error('ENCRYPTION_KEYS: at least one key is required');
    this.currentKid = first.value;
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keys.get(this.currentKid)!, iv);
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', this.currentKid, b64u(iv), b64u(cipher.getAuthTag()), b64u(ct)].join('.');
  }

  decrypt(stored: string): string {
    const parts = stored.split('.');
    if (parts.length !== 5 || parts[0] !== 'v1') throw new Error('vault: not a vault ciphertext');
    const [, kid, iv, tag, ct] = parts as [string, string, string, string, string];
    const key = this.keys.get(kid);
    if (!key) throw new Error(`vault: unknown key id ${kid}`);
    const decipher = createDecipheriv('aes-256-gcm', key, unb64u(iv));
    decipher.setAuthTag(unb64u(tag));
    return Buffer.concat([decipher.update(unb64u(ct)), decipher.final()]).toString('utf8');
  }

  needsRotation(stored: string): boolean {
    return stored.split('.')[1] !== this.currentKid;
  }
}

export const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** A URL-safe random secret with `bytes` of entropy. */
export const randomToken = (bytes = 32) => b64u(randomBytes(bytes));

/** Constant-time comparison of two hex digests (or any equal-format strings). */
export function safeEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}
