import { ReportService } from '../../../shared/domain/reports/report.service';
import type { AppDeps } from '../../deps';

const byApp = new WeakMap<AppDeps, ReportService>();

/** Accounts a report reads at once (each call still passes the limiter and the account's pacing). */
export const REPORT_CONCURRENCY = 8;

/** The report service of an app, built on first use from the shared guard and caller. */
export function reportService(deps: AppDeps): ReportService {
  let s = byApp.get(deps);
  if (!s) {
    s = new ReportService({ orm: deps.orm, guard: deps.services.guard, callerFor: deps.services.callerFor, logger: deps.logger.child({ component: 'reports' }), concurrency: REPORT_CONCURRENCY });
    byApp.set(deps, s);
  }
  return s;
}
