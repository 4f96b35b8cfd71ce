import { createHmac } from 'node:crypto';
import { facebookWire } from '../../../shared/platforms/facebook/client';

const wire = facebookWire('https://graph.example.test/v21.0');
const proofOf = (token: string, secret: string) => createHmac('sha256', secret).update(token).digest('hex');
const sent = (token: string, appSecret: string) => {
  const out = wire.encode({ kind: 'write', method: 'POST', path: 'act_1/campaigns', body: { name: 'x' } }, token, { appSecret });
  return new URLSearchParams(String(out.body)).get('appsecret_proof');
};

describe('appsecret_proof on the Graph wire (computed once per token and app secret)', () => {
  it('is the HMAC of the token keyed with the app secret, on repeated calls too', () => {
    for (let i = 0; i < 3; i++) expect(sent('token-a', 'secret-1')).toBe(proofOf('token-a', 'secret-1'));
  });

  it('never hands one pair’s proof to another token or another app', () => {
    expect(sent('token-a', 'secret-1')).toBe(proofOf('token-a', 'secret-1'));
    expect(sent('token-b', 'secret-1')).toBe(proofOf('token-b', 'secret-1'));
    expect(sent('token-a', 'secret-2')).toBe(proofOf('token-a', 'secret-2'));
    expect(proofOf('token-a', 'secret-2')).not.toBe(proofOf('token-a', 'secret-1'));
  });

  it('stays right past the bound of what it keeps', () => {
    for (let i = 0; i < 1100; i++) sent(`token-${i}`, 'secret-3');
    for (const i of [0, 700, 1099]) expect(sent(`token-${i}`, 'secret-3')).toBe(proofOf(`token-${i}`, 'secret-3'));
  });
});
