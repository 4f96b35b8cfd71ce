/**
 * Graph API error bodies. Every message/code pair the simulator can send lives here so a wrong
 * assumption is fixed in one place. Facts: docs/platforms/facebook.md §5; entries marked
 * ASSUMED are not in docs/platforms/facebook.md (see README "Assumed facts").
 */
let traceSeq = 0;
const TRACE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

export function fbtraceId(): string {
  let n = ++traceSeq * 2654435761;
  let s = 'A';
  for (let i = 0; i < 21; i++) {
    s += TRACE_CHARS[n % 64];
    n = Math.floor(n / 64) + i * 7919;
  }
  return s;
}

export interface GraphErrorBody {
  message: string;
  type: string;
  code: number;
  error_subcode?: number;
  is_transient?: boolean;
  error_user_title?: string;
  error_user_msg?: string;
  error_data?: unknown;
}

export class GraphError extends Error {
  constructor(
    readonly body: GraphErrorBody,
    readonly status = 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }

  toJSON(): { error: GraphErrorBody & { fbtrace_id: string } } {
    return { error: { ...this.body, fbtrace_id: fbtraceId() } };
  }
}

const oauth = (code: number, message: string, extra: Partial<GraphErrorBody> = {}, status = 400) =>
  new GraphError({ message, type: 'OAuthException', code, ...extra }, status);

export const RATE_LIMIT_DOC = 'https://developers.facebook.com/docs/graph-api/overview/rate-limiting';

export const errors = {
  // ---- tokens (190 family) ----
  /** ASSUMED code 104 for a missing token (seen in public issue threads). */
  tokenMissing: () => oauth(104, 'An access token is required to request this resource.'),
  tokenUnparseable: () => oauth(190, 'Invalid OAuth access token - Cannot parse access token'),
  tokenExpired: (expiredAt: Date, now: Date) =>
    oauth(
      190,
      `Error validating access token: Session has expired on ${fbDate(expiredAt)}. The current time is ${fbDate(now)}.`,
      { error_subcode: 463 },
    ),
  /** Subcodes 458/459/460/464/467/492 per facts; messages ASSUMED. */
  tokenInvalid: (subcode: number) => oauth(190, TOKEN_SUBCODE_MESSAGES[subcode] ?? TOKEN_SUBCODE_MESSAGES[467]!, { error_subcode: subcode }),
  /** Real message from public issue threads (leadgen_forms called with a user token). */
  pageTokenRequired: () => oauth(190, '(#190) This method must be called with a Page Access Token'),
  appSecretProofInvalid: () => oauth(100, 'Invalid appsecret_proof provided in the API argument', {}, 400),
  appSecretProofMissing: () => oauth(100, 'API calls from the server require an appsecret_proof argument'),

  // ---- OAuth code exchange ----
  codeUsed: () => oauth(100, 'This authorization code has been used.', { error_subcode: 36009 }),
  /** ASSUMED subcode 36007 for an unknown code. */
  codeInvalid: () => oauth(100, 'Invalid verification code format.', { error_subcode: 36007 }),
  /** Message from public issue threads; subcode 36008 ASSUMED. */
  redirectMismatch: () =>
    oauth(
      100,
      'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      { error_subcode: 36008 },
    ),
  clientSecretInvalid: () => oauth(1, 'Error validating client secret.'),
  /** ASSUMED code 101 for an unknown app id. */
  appIdInvalid: () => oauth(101, 'Error validating application. Invalid application ID.'),

  // ---- 100 invalid parameter / not found ----
  unsupported: (method: string, id: string) =>
    new GraphError({
      message: `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
      type: 'GraphMethodException',
      code: 100,
      error_subcode: 33,
    }),
  nonexistingField: (field: string, nodeType: string) =>
    oauth(100, `(#100) Tried accessing nonexisting field (${field}) on node type (${nodeType})`),
  /** ASSUMED wording for missing/invalid parameters. */
  paramRequired: (name: string) => oauth(100, `(#100) The parameter ${name} is required`),
  paramEnum: (name: string, allowed: readonly string[]) =>
    oauth(100, `(#100) Param ${name} must be one of {${allowed.join(', ')}}`),
  paramInvalid: (name: string, why: string) => oauth(100, `(#100) Param ${name} ${why}`),
  invalidParameter: (userTitle: string, userMsg: string, subcode?: number, blame?: string) =>
    oauth(100, 'Invalid parameter', {
      ...(subcode ? { error_subcode: subcode } : {}),
      error_user_title: userTitle,
      error_user_msg: userMsg,
      ...(blame ? { error_data: JSON.stringify({ blame_field_specs: [[blame]] }) } : {}),
    }),
  /** Insights field validation wording seen in public client logs. */
  insightsField: (field: string) =>
    oauth(
      100,
      `(#100) ${field} is not valid for fields param. please check https://developers.facebook.com/docs/marketing-api/reference/ads-insights/ for all valid values`,
    ),
  unknownPath: (rest: string) => oauth(2500, `Unknown path components: ${rest}`),
  deprecatedVersion: (latest: string) => oauth(2635, `(#2635) You are calling a deprecated version of the Ads API. Please update to the latest version: ${latest}.`),
  batchTooLarge: () => oauth(100, '(#100) Too many requests in batch message. Maximum batch size is 50'),

  // ---- permissions ----
  /** Wording seen in public client logs for a token without ads_read/ads_management. */
  adsPermission: () => oauth(200, '(#200) Ad account owner has NOT grant ads_management or ads_read permission'),
  requiresPermission: (perm: string) => oauth(200, `(#200) Requires ${perm} permission to manage the object`),
  needsAdsManagement: () =>
    oauth(
      294,
      '(#294) Managing advertisements requires the extended permission ads_management and an application that is whitelisted to access the Ads API',
    ),

  // ---- throttling ----
  appLimit: () => oauth(4, '(#4) Application request limit reached', { is_transient: true }),
  userLimit: () => oauth(17, '(#17) User request limit reached', { error_subcode: 2446079, is_transient: true }),
  accountLimit613: () =>
    oauth(613, '(#613) Calls to this api have exceeded the rate limit.', {
      error_subcode: 1487742,
      error_user_title: 'Too many calls',
      error_user_msg: 'There have been too many calls from this ad-account. Please wait a bit and try again.',
    }),
  buc: (code: number) =>
    oauth(
      code,
      `(#${code}) There have been too many calls to this ad-account. Wait a bit and try again. For more info, please refer to ${RATE_LIMIT_DOC}.`,
      { error_subcode: 2446079 },
    ),

  // ---- server side ----
  unknown: () => oauth(1, 'An unknown error occurred', { error_subcode: 99, is_transient: true }, 500),
  reduceData: () =>
    oauth(1, "Please reduce the amount of data you're asking for, then retry your request", { is_transient: true }, 500),
  serviceUnavailable: () => oauth(2, 'An unexpected error has occurred. Please retry your request later.', { is_transient: true }, 503),
};

const TOKEN_SUBCODE_MESSAGES: Record<number, string> = {
  458: 'Error validating access token: The user has not authorized application.',
  459: 'Error validating access token: You cannot access the app till you log in to www.facebook.com and follow the instructions given.',
  460: 'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
  464: 'Error validating access token: Sessions for the user are not allowed because the user is not a confirmed user.',
  467: 'Error validating access token: The user has logged out.',
  492: 'Error validating access token: The session is invalid.',
};

/** "Tuesday, 01-Jan-24 10:00:00 PST" style used in the expired-token message (rendered in UTC here). */
function fbDate(d: Date): string {
  const days = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const p = (n: number) => String(n).padStart(2, '0');
  return `${days[d.getUTCDay()]}, ${p(d.getUTCDate())}-${months[d.getUTCMonth()]}-${p(d.getUTCFullYear() % 100)} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} UTC`;
}

/** Named error kinds for `POST /__sim/graph-errors` (tests inject real bodies without spelling them out). */
export function errorByCode(code: number, subcode?: number): GraphError {
  switch (code) {
    case 1:
      return subcode === 99 || subcode === undefined ? errors.unknown() : errors.reduceData();
    case 2:
      return errors.serviceUnavailable();
    case 4:
      return errors.appLimit();
    case 17:
      return errors.userLimit();
    case 100:
      return subcode === 33 ? errors.unsupported('GET', '0') : errors.paramRequired('name');
    case 190:
      return subcode === 463 ? errors.tokenExpired(new Date(Date.now() - 3600_000), new Date()) : errors.tokenInvalid(subcode ?? 467);
    case 200:
      return errors.adsPermission();
    case 294:
      return errors.needsAdsManagement();
    case 613:
      return errors.accountLimit613();
    default:
      if (code >= 80000 && code <= 80014) return errors.buc(code);
      return new GraphError({ message: `(#${code}) Simulated error`, type: 'OAuthException', code, ...(subcode ? { error_subcode: subcode } : {}) });
  }
}
