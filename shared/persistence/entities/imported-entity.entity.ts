import { EntitySchema } from '@mikro-orm/core';

/** One platform record fetched by an import, unique per (tenant, platform, account, level, platform id). */
export interface ImportedEntity {
  id: string;
  tenantId: string;
  platform: string;
  adAccountId: string;
  level: string;
  platformId: string;
  data: unknown;
  fetchedAt: Date;
  lastJobId: string;
}

export const ImportedEntity = new EntitySchema<ImportedEntity>({
  name: 'ImportedEntity',
  tableName: 'imported_entities',
  properties: {
    id: { type: 'bigint', primary: true, autoincrement: true },
    tenantId: { type: 'uuid' },
    platform: { type: 'string' },
    adAccountId: { type: 'string' },
    level: { type: 'string' },
    platformId: { type: 'string' },
    data: { type: 'json', columnType: 'json' },
    fetchedAt: { type: 'Date', columnType: 'timestamptz' },
    lastJobId: { type: 'uuid' },
  },
});
