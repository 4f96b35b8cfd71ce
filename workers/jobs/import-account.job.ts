import { importAccountJob } from '../../shared/queues/pipeline-jobs';
import { AppError } from '../../shared/errors/app-error';
import { importSourceOf } from '../../shared/platforms';
import { ImportedEntityWriter } from '../../shared/domain/jobs/entity-writer';
import { runImport } from '../../shared/domain/jobs/import-runner';
import { defineHandler, type JobHandler } from '../job-handler';
import { onPipelineRow, progressReporter, type PipelineDeps } from './pipeline-job';

/** Imports everything an ad account has, page by page, into imported_entities. */
export const importAccountHandler = ({ store, orm, callerFor }: PipelineDeps): JobHandler =>
  defineHandler({
    job: importAccountJob,
    tracked: true,
    handle: (ctx, payload) =>
      onPipelineRow(store, ctx, payload, async (row) => {
        const source = importSourceOf(row.platform);
        if (!source) throw new AppError('INTERNAL', `No import source for ${row.platform}`);
        const writer = new ImportedEntityWriter(orm, {
          tenantId: row.tenantId,
          platform: row.platform,
          adAccountId: row.account.id,
          jobId: row.id,
        });
        const log = ctx.log.child({ platform: row.platform, adAccountId: row.account.platformAccountId });
        const started = Date.now();
        const result = await runImport(source, { account: row.account, caller: callerFor(row.account), log }, writer, progressReporter(store, ctx, row.id));
        log.info({ counts: result.counts, ms: Date.now() - started }, 'import finished');
        return result;
      }),
  });
