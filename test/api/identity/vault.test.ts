import { randomBytes } from 'node:crypto';
import { Vault } from '../../../shared/infra/crypto';

const key = () => randomBytes(32).toString('base64');

describe('Vault (AES-256-GCM key ring)', () => {
  const k1 = `k1:${key()}`;
  const k2 = `k2:${key()}`;

  it('round-trips, names its key id, and never repeats a ciphertext', () => {
    const v = new Vault(k1);
    const a = v.encrypt('top-secret-value');
    const b = v.encrypt('top-secret-value');
    expect(a).toMatch(/^v1\.k1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain('top-secret-value');
    expect(a).not.toBe(b);
    expect(v.decrypt(a)).toBe('top-secret-value');
  });

  it('decrypts values written under an older key after a new key is put in front of the ring', () => {
    const old = new Vault(k1).encrypt('written-under-k1');
    const ring = new Vault(`${k2},${k1}`);
    expect(ring.decrypt(old)).toBe('written-under-k1');
    expect(ring.needsRotation(old)).toBe(true);
    const fresh = ring.encrypt('x');
    expect(fresh.split('.')[1]).toBe('k2');
    expect(ring.needsRotation(fresh)).toBe(false);
  });

  it('refuses a tampered ciphertext and an unknown key id', () => {
    const v = new Vault(k1);
    const c = v.encrypt('value').split('.');
    const ct = Buffer.from(c[4]!, 'base64url');
    ct[0] = ct[0]! ^ 1;
    c[4] = ct.toString('base64url');
    expect(() => v.decrypt(c.join('.'))).toThrow();
    expect(() => new Vault(k2).decrypt(v.encrypt('x'))).toThrow(/unknown key id k1/);
  });

  it('rejects a malformed key ring', () => {
    expect(() => new Vault('nokey')).toThrow(/ENCRYPTION_KEYS/);
    expect(() => new Vault(`k:${Buffer.alloc(16).toString('base64')}`)).toThrow(/ENCRYPTION_KEYS/);
  });
});
