import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { leakedSecrets, trackSecret, trackedSecrets } from '../../helpers/identity';

describe('the secret-leak scanner used by every identity suite', () => {
  it('finds a tracked secret written plainly or URL-encoded, and nothing in a clean log', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'leak-'));
    const plain = path.join(dir, 'plain.log');
    const encoded = path.join(dir, 'encoded.log');
    const clean = path.join(dir, 'clean.log');
    const secret = 'aag_leaky+secret/value=1234567890';
    trackSecret(secret, 'short');
    writeFileSync(plain, `{"msg":"request","url":"/x","key":"${secret}"}\n`);
    writeFileSync(encoded, `{"msg":"request","url":"/x?token=${encodeURIComponent(secret)}"}\n`);
    writeFileSync(clean, '{"msg":"request","url":"/x?token=[REDACTED]"}\n');
    expect(trackedSecrets()).toEqual([secret]); // values under 8 characters are too common to scan for
    expect(leakedSecrets([plain, encoded, clean]).map((l) => path.basename(l.file))).toEqual(['plain.log', 'encoded.log']);
  });
});
