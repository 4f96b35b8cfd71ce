/**
 * Scopes as data: what each feature of a platform surface needs, and which feature each operation
 * (route operationId) uses. The default consent is the union of every scope named here, so a
 * connection made with the defaults can run every operation.
 */
export interface FeatureScopes {
  /** What the feature covers, for humans (connection status). */
  summary: string;
  /** Every group must be satisfied by one of its scopes; the first scope of a group is the one to ask for. */
  needs: string[][];
  /** Where the platform documents it. */
  source: string;
}

export interface ScopeModel {
  features: Record<string, FeatureScopes>;
  /** The feature an operation uses; undefined = the operation needs no scope (no platform call). */
  featureOf(operationId: string, method: string): string | undefined;
}

/** Every scope the model names, in first-seen order: the consent that unlocks every feature. */
export function consentScopes(model: ScopeModel): string[] {
  const out = new Set<string>();
  for (const f of Object.values(model.features)) for (const group of f.needs) for (const s of group) out.add(s);
  return [...out];
}

/** The scopes to ask for so `granted` satisfies the feature (empty = satisfied). */
export function missingScopes(f: FeatureScopes, granted: readonly string[]): string[] {
  const have = new Set(granted);
  return f.needs.filter((group) => !group.some((s) => have.has(s))).map((group) => group[0]!);
}

/** Features a connection with `granted` cannot use, with what each lacks. */
export function unavailableFeatures(model: ScopeModel | undefined, granted: readonly string[]): { feature: string; summary: string; missingScopes: string[] }[] {
  if (!model || granted.length === 0) return [];
  return Object.entries(model.features)
    .map(([feature, f]) => ({ feature, summary: f.summary, missingScopes: missingScopes(f, granted) }))
    .filter((f) => f.missingScopes.length > 0);
}
