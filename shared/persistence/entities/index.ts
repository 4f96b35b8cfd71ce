import type { EntitySchema } from '@mikro-orm/core';
import * as identity from './identity.entities';
import * as jobs from './jobs.entities';
import * as connections from './connections.entities';
import * as webhooks from './webhooks.entities';
import * as audit from './audit.entities';

/** Every entity schema; each area appends its own. */
export const allEntities: EntitySchema<any>[] = [...Object.values(identity), ...Object.values(jobs), ...Object.values(connections), ...Object.values(webhooks), ...Object.values(audit)];
