import jwt from 'jsonwebtoken';
import { loadConfig } from '../../../shared/infra/config';
import { TokenService } from '../../../shared/domain/identity/tokens.service';

/** Verified tokens are remembered; the answer must stay exactly what a fresh verification gives. */
describe('access token verification with the verified-token cache', () => {
  const config = loadConfig(process.env);
  const tokens = new TokenService(config);
  const sign = (claims: object, expiresIn: number, secret = config.JWT_SECRET) =>
    jwt.sign({ sub: 'u1', tid: 't1', ext: 'alice', ...claims }, secret, { algorithm: 'HS256', expiresIn, jwtid: 'j1', issuer: 'ads-gateway' });
  const codeOf = (fn: () => unknown) => {
    try {
      fn();
      return 'OK';
    } catch (e) {
      return (e as { code?: string }).code;
    }
  };

  it('a token verified once answers TOKEN_EXPIRED after its exp, like any other expired token', async () => {
    const t = sign({ typ: 'access' }, 1);
    expect(tokens.verify(t, 'access').sub).toBe('u1');
    expect(tokens.verify(t, 'access').sub).toBe('u1');
    await new Promise((r) => setTimeout(r, 1100));
    expect(codeOf(() => tokens.verify(t, 'access'))).toBe('TOKEN_EXPIRED');
  });

  it('a remembered token is still refused where another kind is expected', () => {
    const t = sign({ typ: 'access' }, 60);
    expect(codeOf(() => tokens.verify(t, 'access'))).toBe('OK');
    expect(codeOf(() => tokens.verify(t, 'refresh'))).toBe('TOKEN_INVALID');
    expect(codeOf(() => tokens.verify(t, 'tenant-user'))).toBe('TOKEN_INVALID');
  });

  it('a token differing from a remembered one by its signature is refused', () => {
    const t = sign({ typ: 'access' }, 60);
    tokens.verify(t, 'access');
    const forged = sign({ typ: 'access' }, 60, 'another-secret-another-secret-another-secret');
    expect(codeOf(() => tokens.verify(forged, 'access'))).toBe('TOKEN_INVALID');
    expect(codeOf(() => tokens.verify(`${t.slice(0, -2)}xx`, 'access'))).toBe('TOKEN_INVALID');
  });

  it('the claims handed out cannot be changed by one caller for the next', () => {
    const t = sign({ typ: 'access' }, 60);
    const claims = tokens.verify(t, 'access') as { sub: string };
    expect(() => {
      claims.sub = 'someone-else';
    }).toThrow(TypeError);
    expect(tokens.verify(t, 'access').sub).toBe('u1');
  });
});
