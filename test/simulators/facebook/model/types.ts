export type NodeType =
  | 'user'
  | 'adaccount'
  | 'campaign'
  | 'adset'
  | 'ad'
  | 'adcreative'
  | 'customaudience'
  | 'savedaudience'
  | 'adspixel'
  | 'customconversion'
  | 'page'
  | 'leadgenform'
  | 'lead'
  | 'business'
  | 'productcatalog'
  | 'reportrun';

/** One Graph object. `data` holds its wire fields; computed ones are added on read. */
export interface GNode {
  id: string;
  type: NodeType;
  /** Global creation order; list cursors are built from it. */
  seq: number;
  /** Numeric ad account id for account-scoped objects (ownership and budgets key off it). */
  acct?: string;
  /** Owning user / page / business id for objects outside ad accounts. */
  owner?: string;
  /** Seeded objects have delivery (insights rows); objects created through the API do not. */
  seeded: boolean;
  data: Record<string, unknown>;
}

export interface SimUser {
  id: string;
  key: string;
  name: string;
  accounts: Set<string>;
  pages: Set<string>;
  businesses: Set<string>;
}

export interface SimApp {
  id: string;
  secret: string;
  /** When set (strict mode), the dialog only redirects to these exact URIs. */
  redirectUris?: string[];
  /**
   * The app's "Require App Secret" setting: every call with a token of this app must carry
   * appsecret_proof (https://developers.facebook.com/docs/graph-api/securing-requests/).
   */
  requireAppSecretProof?: boolean;
}

export interface SizeOptions {
  campaignsPerAccount?: number;
  adsetsPerCampaign?: number;
  adsPerAdset?: number;
  /** When > 0, alice gets one more account (BIG_ACCOUNT_ID) holding about this many entities. */
  bigAccountEntities?: number;
}
