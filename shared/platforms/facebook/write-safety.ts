import type { CallRequest } from '../core/caller';
import type { PlatformWriteSafety } from '../core/write-safety';

/**
 * The Graph writes Meta validates without writing when sent `execution_options=["validate_only"]`
 * (docs/platforms/facebook.md, "Writes"): creates on an ad account's object edges and updates of an
 * object by its id. Other writes (ad copies, lead forms, image uploads) have no such mode: a dry run
 * shows them without sending them.
 */
const VALIDATES = /^(act_\d+\/(campaigns|adsets|ads|adcreatives|customaudiences|adspixels|customconversions)|\d+)$/;

export const facebookWriteSafety: PlatformWriteSafety = {
  // Meta budgets are integers in the currency's minor unit (cents; whole units for JPY and the like).
  budgetUnit: 'minor',
  validateOnly: (req: CallRequest) => {
    if (req.method !== 'POST' || !VALIDATES.test(req.path)) return undefined;
    return { ...req, body: { ...(req.body as Record<string, string>), execution_options: JSON.stringify(['validate_only']) } };
  },
};
