import { importAccountJob } from '../../shared/queues/pipeline-jobs';
import { AppError } from '../../shared/errors/app-error';
import { importSourceOf } from '../../shared/platforms';
import { ImportedEntityWriter } from '../../shared/domain/jobs/entity-writer';
import { runImport } from '../../shared/domain/jobs/import-runner';
import { defineHandler } from '../job-handler';
import { onPipelineRow, progressReporter } from './pipeline-job';

/** Imports everything an ad account has, page by page, into imported_entities. */
export const importAccountHandler = defineHandler({
  job: importAccountJob,
  tracked: true,
  handle: (ctx, payload) =>
    onPipelineRow(ctx, payload, async (row) => {
      const { services } = ctx;
      const source = importSourceOf(row.platform);
      if (!source) throw new AppError('INTERNAL', `No import source for ${row.platform}`);
      const writer = new ImportedEntityWriter(services.infra.orm, {
        tenantId: row.tenantId,
        platform: row.platform,
        adAccountId: row.account.id,
        jobId: row.id,
      });
      const log = ctx.log.child({ platform: row.platform, adAccountId: row.account.platformAccountId });
      const started = Date.now();
      const result = await runImport(
        source,
        { account: row.account, caller: services.callerFor(row.account), log },
        writer,
        progressReporter(ctx, row.id),
      );
      log.info({ counts: result.counts, ms: Date.now() - started }, 'import finished');
      return result;
    }),
});
