import { ReportService, REPORT_CONCURRENCY } from '../../../shared/domain/reports/report.service';
import type { AppDeps } from '../../deps';

const byApp = new WeakMap<AppDeps, ReportService>();

/** The report service of an app, built on first use from the shared guard and caller. */
export function reportService(deps: AppDeps): ReportService {
  let s = byApp.get(deps);
  if (!s) {
    s = new ReportService({ orm: deps.orm, guard: deps.services.guard, callerFor: deps.services.callerFor, logger: deps.logger.child({ component: 'reports' }), concurrency: REPORT_CONCURRENCY });
    byApp.set(deps, s);
  }
  return s;
}
