/**
 * Body checks for campaign group and campaign creates and partial updates
 * (docs/platforms/linkedin.md, "Campaign groups, campaigns, creatives"). A wrong JSON type or enum
 * symbol is a 422 (schema); a missing or inconsistent value is a 400 with `errorDetails.inputErrors`.
 * Which fields are required on create is ASSUMED from LinkedIn's examples (README.md).
 */
import type { Rec } from './state';
import { errors, validationError, type InputError } from './wire';

export const GROUP_STATUS = ['ACTIVE', 'PAUSED', 'ARCHIVED', 'CANCELED', 'DRAFT', 'PENDING_DELETION', 'REMOVED'] as const;
export const CAMPAIGN_STATUS = ['ACTIVE', 'PAUSED', 'ARCHIVED', 'COMPLETED', 'CANCELED', 'DRAFT', 'PENDING_DELETION', 'REMOVED'] as const;
const CREATE_STATUS = ['ACTIVE', 'PAUSED', 'DRAFT'];
const TERMINAL = ['CANCELED', 'REMOVED', 'PENDING_DELETION', 'COMPLETED'];

export const CAMPAIGN_TYPE = ['TEXT_AD', 'SPONSORED_UPDATES', 'SPONSORED_INMAILS', 'DYNAMIC'];
export const COST_TYPE = ['CPM', 'CPC', 'CPV'];
export const OBJECTIVE = ['BRAND_AWARENESS', 'WEBSITE_VISITS', 'ENGAGEMENT', 'VIDEO_VIEWS', 'LEAD_GENERATION', 'WEBSITE_CONVERSIONS', 'JOB_APPLICANTS'];

export type Kind = 'group' | 'campaign';

interface FieldSpec {
  check: (v: unknown, path: string, currency: string, out: InputError[]) => void;
  /** May be set by PARTIAL_UPDATE. */
  patchable?: boolean;
}

const isObj = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

function enumOf(values: readonly string[]) {
  return (v: unknown, path: string) => {
    if (typeof v !== 'string' || !values.includes(v)) throw errors.schema(path, `${JSON.stringify(v)} is not an enum symbol`);
  };
}

function str(v: unknown, path: string): void {
  if (typeof v !== 'string') throw errors.schema(path, `${JSON.stringify(v)} is not a string`);
}

function bool(v: unknown, path: string): void {
  if (typeof v !== 'boolean') throw errors.schema(path, `${JSON.stringify(v)} is not a boolean`);
}

/** `{amount: "12.50", currencyCode}`: the amount a decimal string, the currency the account's. */
function money(v: unknown, path: string, currency: string, out: InputError[]): void {
  if (!isObj(v)) throw errors.schema(path, 'is not a record');
  if (typeof v.amount !== 'string') throw errors.schema(`${path}/amount`, `${JSON.stringify(v.amount)} is not a string`);
  str(v.currencyCode, `${path}/currencyCode`);
  const fieldPath = path.slice(1);
  if (!/^\d{1,12}(\.\d{1,4})?$/.test(v.amount)) out.push({ code: 'INVALID_VALUE_FOR_FIELD', description: `${fieldPath}.amount must be a non-negative decimal`, fieldPath: `${fieldPath}/amount` });
  else if (v.currencyCode !== currency) out.push({ code: 'CURRENCY_MISMATCH', description: `Currency ${String(v.currencyCode)} does not match the account currency ${currency}`, fieldPath: `${fieldPath}/currencyCode` });
}

function schedule(v: unknown, path: string, _c: string, out: InputError[]): void {
  if (!isObj(v)) throw errors.schema(path, 'is not a record');
  for (const k of ['start', 'end']) if (v[k] !== undefined && (typeof v[k] !== 'number' || !Number.isInteger(v[k]))) throw errors.schema(`${path}/${k}`, `${JSON.stringify(v[k])} is not a long`);
  if (v.start === undefined) out.push({ code: 'MISSING_FIELD', description: 'runSchedule.start is required', fieldPath: 'runSchedule/start' });
  else if (v.end !== undefined && (v.end as number) <= (v.start as number)) out.push({ code: 'START_DATE_AFTER_END_DATE', description: 'runSchedule.end must be after runSchedule.start', fieldPath: 'runSchedule/end' });
}

const record = (v: unknown, path: string) => {
  if (!isObj(v)) throw errors.schema(path, 'is not a record');
};

const common: Record<string, FieldSpec> = {
  account: { check: str },
  name: { check: str, patchable: true },
  runSchedule: { check: schedule, patchable: true },
  totalBudget: { check: money, patchable: true },
  test: { check: bool },
};

export const FIELDS: Record<Kind, Record<string, FieldSpec>> = {
  group: { ...common, status: { check: enumOf(GROUP_STATUS), patchable: true } },
  campaign: {
    ...common,
    status: { check: enumOf(CAMPAIGN_STATUS), patchable: true },
    campaignGroup: { check: str },
    type: { check: enumOf(CAMPAIGN_TYPE) },
    format: { check: str },
    objectiveType: { check: enumOf(OBJECTIVE) },
    costType: { check: enumOf(COST_TYPE), patchable: true },
    unitCost: { check: money, patchable: true },
    dailyBudget: { check: money, patchable: true },
    locale: { check: record },
    targetingCriteria: { check: record, patchable: true },
    offsiteDeliveryEnabled: { check: bool, patchable: true },
    audienceExpansionEnabled: { check: bool, patchable: true },
    creativeSelection: { check: enumOf(['OPTIMIZED', 'ROUND_ROBIN']), patchable: true },
    optimizationTargetType: { check: str, patchable: true },
    pacingStrategy: { check: str, patchable: true },
    politicalIntent: { check: str },
    associatedEntity: { check: str },
  },
};

const REQUIRED: Record<Kind, string[]> = {
  group: ['account', 'name', 'status', 'runSchedule'],
  campaign: ['account', 'campaignGroup', 'name', 'type', 'costType', 'unitCost', 'locale', 'runSchedule', 'status', 'targetingCriteria'],
};

/** Checks types and enums (422), then gathers every 400-level problem into one validation error. */
function checkFields(kind: Kind, body: Rec, currency: string, out: InputError[], patch: boolean): void {
  for (const [k, v] of Object.entries(body)) {
    const spec = FIELDS[kind][k];
    // The pre-2020 `targeting` field is refused by name.
    if (k === 'targeting' && kind === 'campaign') {
      out.push({ code: 'TARGETING_FIELD_DEPRECATED', description: 'targeting is deprecated: use targetingCriteria', fieldPath: 'targeting' });
      continue;
    }
    if (!spec) throw errors.schema(`/${k}`, 'unrecognized field found but not allowed');
    if (patch && !spec.patchable) {
      out.push({ code: 'FIELD_IMMUTABLE', description: `${k} cannot be changed`, fieldPath: k });
      continue;
    }
    spec.check(v, `/${k}`, currency, out);
  }
}

export function validateCreate(kind: Kind, body: unknown, accountUrn: string, currency: string): Rec {
  if (!isObj(body)) throw errors.schema('/', 'is not a record');
  const out: InputError[] = [];
  checkFields(kind, body, currency, out, false);
  for (const k of REQUIRED[kind]) if (body[k] === undefined) out.push({ code: 'MISSING_FIELD', description: `${k} is required`, fieldPath: k });
  if (body.account !== undefined && body.account !== accountUrn) out.push({ code: 'INVALID_VALUE_FOR_FIELD', description: `account must be ${accountUrn}`, fieldPath: 'account' });
  if (typeof body.status === 'string' && !CREATE_STATUS.includes(body.status)) out.push({ code: 'INVALID_VALUE_FOR_FIELD', description: `A new ${kind === 'group' ? 'campaign group' : 'campaign'} must be ACTIVE, PAUSED or DRAFT`, fieldPath: 'status' });
  if (typeof body.name === 'string' && body.name.trim() === '') out.push({ code: 'INVALID_VALUE_FOR_FIELD', description: 'name must not be empty', fieldPath: 'name' });
  if (out.length) throw validationError(out);
  return body;
}

/** `{"patch":{"$set":{…}}}` → the fields to set, with LinkedIn's status transition rules. */
export function validatePatch(kind: Kind, body: unknown, current: Rec, currency: string): Rec {
  const set = isObj(body) && isObj(body.patch) ? body.patch.$set : undefined;
  if (!isObj(body) || !isObj(body.patch) || Object.keys(body.patch).some((k) => k !== '$set') || !isObj(set)) {
    throw errors.illegal('A partial update body is {"patch":{"$set":{...}}}');
  }
  const out: InputError[] = [];
  checkFields(kind, set, currency, out, true);
  const to = set.status as string | undefined;
  const from = current.status as string;
  if (to !== undefined && to !== from && (TERMINAL.includes(from) || to === 'DRAFT' || (to === 'REMOVED' && from !== 'DRAFT'))) {
    out.push({ code: 'INVALID_STATUS_TRANSITION', description: `Status cannot change from ${from} to ${to}`, fieldPath: 'status' });
  }
  if (out.length) throw validationError(out);
  return set;
}
