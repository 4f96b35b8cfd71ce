import { z } from 'zod';
import { defineWriteOperation, type WriteOperation } from '../../core/write-operation';
import { graphCaller } from './caller';
import type { GraphList } from './graph-call';
import { formPageToken, leadsCall, withAnswers } from './leads';

/** Where a job's position in the form's leads is kept: a retry resumes after the last page stored. */
interface Position {
  after?: string;
  leads: number;
  pages: number;
  done: boolean;
}

const PAGE = 100;
const leadsLevel = (formId: string) => `leads:${formId}`;

// Exactly-once: not needed — nothing is created at Meta; each page is upserted by lead id and the cursor is checkpointed after it, so a re-run stores each lead once.
export const exportLeads = defineWriteOperation({
  name: 'facebook.export-leads',
  platform: 'facebook',
  kind: 'report',
  params: z.object({ formId: z.string().regex(/^\d+$/), pageId: z.string().regex(/^\d+$/).optional(), since: z.number().int().min(0).optional() }),
  storesEntities: (p) => leadsLevel(String(p.formId)),
  run: async (ctx, p) => {
    const graph = graphCaller(ctx.caller);
    const level = leadsLevel(p.formId);
    const writer = ctx.entities;
    let pos = (await ctx.checkpoint.get<Position>('leads')) ?? { leads: 0, pages: 0, done: false };
    if (!pos.done) {
      const token = await formPageToken(graph, ctx.account.platformAccountId, p.formId, p.pageId);
      while (!pos.done) {
        const r = await graph.call<GraphList>(leadsCall(p.formId, { limit: PAGE, after: pos.after, since: p.since }), { kind: 'read', token });
        const leads = r.data ?? [];
        await writer.upsert(level, leads.map((l) => ({ id: String(l.id), data: withAnswers(l) })));
        const next = r.paging?.next ? r.paging.cursors?.after : undefined;
        pos = { after: next ?? pos.after, leads: pos.leads + leads.length, pages: pos.pages + 1, done: !next };
        await ctx.checkpoint.set('leads', pos);
        await ctx.progress({ formId: p.formId, leads: pos.leads, pages: pos.pages, done: pos.done });
      }
      // A full pass (no `since`) also drops leads Meta no longer returns (deleted for privacy requests).
      if (p.since === undefined) await writer.pruneUnseen([level]);
    }
    return { formId: p.formId, leads: pos.leads, pages: pos.pages, entitiesUrl: `/api/v1/jobs/${ctx.jobId}/entities` };
  },
});

export const facebookLeadsWriteOperations: readonly WriteOperation[] = [exportLeads];
