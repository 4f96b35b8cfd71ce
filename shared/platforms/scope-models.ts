import type { ScopeModel } from './core/scopes';
import { FACEBOOK_SCOPE_MODEL } from './facebook/scopes';
import { GOOGLE_SCOPE_MODEL } from './google/scopes';

const MODELS: Record<string, ScopeModel> = { facebook: FACEBOOK_SCOPE_MODEL, google: GOOGLE_SCOPE_MODEL };

export const scopeModelOf = (platform: string): ScopeModel | undefined => MODELS[platform];
