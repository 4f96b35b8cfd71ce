/**
 * Creates without a platform idempotency key carry `<name> #<tag>` (a tag unique to the job step, see
 * docs/exactly-once.md). True when `actual` is `base` as such a create names it.
 */
export function isStepName(actual: unknown, base: string): boolean {
  if (typeof actual !== 'string' || !actual.startsWith(`${base} #`)) return false;
  return /^[a-z2-9]{8}$/.test(actual.slice(base.length + 2));
}
