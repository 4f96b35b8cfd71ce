/**
 * TikTok's own JS client (tiktok-business-api-sdk-official, installed) judging the TikTok simulator.
 * The SDK is an ES module that this jest setup does not transform, so a small Node script drives it
 * (tiktok-sdk-driver.mjs) with `ApiClient.instance.basePath` set to the simulator.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ALICE_US, mintToken, simPerFile } from '../tiktok/tiktok-sim-client';

type Answer = { error: { status: number } | null; body: { code: number; message: string; data?: any } };

describe('tiktok-business-api-sdk-official against the TikTok simulator', () => {
  const { sim } = simPerFile();

  it('pages, creates, changes status, lists and parses errors through the SDK', async () => {
    const token = await mintToken(sim);
    const { stdout } = await promisify(execFile)(process.execPath, [join(__dirname, 'tiktok-sdk-driver.mjs'), sim.baseUrl, token, ALICE_US], { timeout: 30_000 });
    const out = JSON.parse(stdout) as Record<string, Answer>;
    for (const k of ['page1', 'page2', 'create', 'status', 'readBack', 'adgroups', 'ads', 'smart', 'pixels']) {
      expect({ k, code: out[k]!.body.code, message: out[k]!.body.message }).toEqual({ k, code: 0, message: 'OK' });
    }
    const p1 = out.page1!.body.data;
    expect(p1.list).toHaveLength(2);
    expect(p1.page_info).toMatchObject({ page: 1, page_size: 2, total_number: expect.any(Number) });
    expect(out.page2!.body.data.list[0].campaign_id).not.toBe(p1.list[0].campaign_id);
    expect(out.create!.body.data.campaign_id).toEqual(expect.any(String));
    expect(out.readBack!.body.data.list[0]).toMatchObject({ campaign_name: 'SDK campaign', operation_status: 'DISABLE' });
    expect(out.badToken!.body.code).toBe(40105);
    expect(out.badAdvertiser!.body.code).not.toBe(0);
  });
});
