import type { Logger } from '../shared/infra/logger';

const children = new WeakMap<Logger, Map<string, Logger>>();
/** Bounds each parent's children, should a binding ever take many values. */
const MAX_PER_PARENT = 500;

/**
 * `parent.child(bindings)`, made once per parent and `key` (which must name the bindings). For
 * bindings that take few values (job name, attempt, operation): a run's own ids reach its log lines
 * through the log context, so one child serves every run alike, and a pino child is not free to make.
 */
export function childLogger(parent: Logger, key: string, bindings: Record<string, string | number>): Logger {
  let m = children.get(parent);
  if (!m) children.set(parent, (m = new Map()));
  let child = m.get(key);
  if (!child) {
    child = parent.child(bindings);
    if (m.size < MAX_PER_PARENT) m.set(key, child);
  }
  return child;
}
