import { randomBytes, randomUUID } from 'node:crypto';
import { loadConfig } from '../../../shared/infra/config';
import { createRedis } from '../../../shared/infra/redis';
import { ObjectOrder } from '../../../shared/domain/jobs/object-order';
import { updateStatus } from '../../../shared/platforms/facebook/operations/write-operations';
import { updateObject } from '../../../shared/platforms/facebook/operations/object-writes';
import { updateAssetOperation } from '../../../shared/platforms/tiktok/operations/asset-update.operation';
import { smartOperations, updateAssetsStatus } from '../../../shared/platforms/tiktok/operations/write-operations';
import { campaignBudget, campaignStatus } from '../../../shared/platforms/google/operations/write-operations';
import { campaignStatus as linkedinCampaignStatus } from '../../../shared/platforms/linkedin/operations/write-operations';

describe('ObjectOrder (Redis)', () => {
  const redis = createRedis(loadConfig().REDIS_URL);
  const prefix = `test-order-${randomBytes(4).toString('hex')}`;
  const order = new ObjectOrder(redis, prefix);
  const account = { tenantId: randomUUID(), platform: 'tiktok', platformAccountId: '700' };
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('a write sees the writes of its objects accepted before it, not those after, until they are dropped', async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    const one = ObjectOrder.of(account, ['campaign:1']);
    const both = ObjectOrder.of(account, ['campaign:1', 'campaign:2']);
    const two = ObjectOrder.of(account, ['campaign:2']);
    if (!one || !both || !two) throw new Error('ordered writes expected');
    await order.record(a, one);
    await order.record(b, both);
    await order.record(c, two);
    expect(await order.earlier(a, one)).toEqual([]);
    expect(await order.earlier(b, both)).toEqual([a]);
    expect(await order.earlier(c, two)).toEqual([b]);
    await order.drop([a], one);
    expect(await order.earlier(b, both)).toEqual([]);
    await order.drop([b], both);
    expect(await order.earlier(c, two)).toEqual([]);
  });

  it('a write that was never recorded (or whose order expired) is not held', async () => {
    const w = ObjectOrder.of(account, ['campaign:3']);
    if (!w) throw new Error('ordered write expected');
    await order.record(randomUUID(), w);
    expect(await order.earlier(randomUUID(), w)).toEqual([]);
  });

  it('a write naming no object is not ordered', () => {
    expect(ObjectOrder.of(account, [])).toBeUndefined();
    expect(ObjectOrder.of(account, undefined)).toBeUndefined();
  });
});

describe('update operations name the objects they change, the same way within a platform', () => {
  it.each([
    ['facebook.update-status', updateStatus.targets?.({ objectId: '120', status: 'PAUSED' }), ['120']],
    ['facebook.update-object', updateObject.targets?.({ level: 'campaign', objectId: '120', fields: {} } as never), ['120']],
    ['tiktok.assets.update', updateAssetOperation.targets?.({ level: 'campaign', id: '17', fields: {} } as never), ['campaign:17']],
    ['tiktok.assets.status', updateAssetsStatus.targets?.({ dto: { adAccountId: '7', level: 'campaign', ids: ['17', '18'], status: 'DISABLE' } } as never), ['campaign:17', 'campaign:18']],
    ['tiktok.smart.campaign.update', smartOperations.campaign.update.targets?.({ id: '17', dto: {} } as never), ['campaign:17']],
    ['tiktok.smart.campaign.status', smartOperations.campaign.status.targets?.({ dto: { ids: ['17'] } } as never), ['campaign:17']],
    ['google.campaign.status', campaignStatus.targets?.({ campaignId: '5', status: 'PAUSED', validateOnly: false }), ['campaign:5']],
    ['google.campaign.budget', campaignBudget.targets?.({ campaignId: '5', amountMicros: '1', validateOnly: false }), ['campaign:5']],
    ['linkedin.campaign.status', linkedinCampaignStatus.targets?.({ id: '9', dto: { status: 'PAUSED' } } as never), ['campaign:9']],
  ])('%s', (_name, targets, expected) => {
    expect(targets).toEqual(expected);
  });
});
