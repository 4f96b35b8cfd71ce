import { z } from 'zod';
import { ConfigError } from '../../../shared/infra/config';
import { parseConfigSlices } from '../../../shared/platforms';

const modules = [
  { name: 'a', config: z.object({ A_URL: z.string().url().default('https://a.example'), A_RPS: z.coerce.number().int().min(0).default(5) }) },
  { name: 'b' },
] as const;

describe('per-platform config slices', () => {
  it('parses each module its own variables, defaults for unset or empty ones, {} without a slice', () => {
    const slices = parseConfigSlices(modules, { A_RPS: '7', A_URL: '', OTHER: 'x' });
    expect(slices.get('a')).toEqual({ A_URL: 'https://a.example', A_RPS: 7 });
    expect(slices.get('b')).toEqual({});
  });

  it('stops with the zod message naming the bad variable', () => {
    expect(() => parseConfigSlices(modules, { A_URL: 'not a url', A_RPS: '-1' })).toThrow(ConfigError);
    try {
      parseConfigSlices(modules, { A_URL: 'not a url' });
    } catch (e) {
      expect((e as ConfigError).problems).toEqual([expect.stringMatching(/^A_URL: Invalid url/)]);
    }
  });
});
