/**
 * What a tenant stores for a platform's app (`/api/v1/tenant/apps/{platform}`, docs/api-conventions.md §10):
 * each module declares its fields; the tenant-apps routes and service derive everything from them.
 */
export interface PlatformAppField {
  name: string;
  label: string;
  secret: boolean;
  required: boolean;
  /** Checked on write; the message is shown in the 400 details. */
  pattern?: { re: RegExp; message: string };
  /**
   * Handed to the adapter as `PlatformApp.extras[name]` (Google's developer token and manager id);
   * a function gives the value handed over (the stored one stays as the tenant wrote it).
   */
  extra?: true | ((stored: string) => string);
}

export interface PlatformAppCredentials {
  /** How the API names the platform's app ("Google Ads API"): the tenant-apps route summaries and `GET /tenant/platforms`. */
  label: string;
  /** In the order the API documents and lists them. */
  fields: PlatformAppField[];
  /** Which field is the OAuth client id / client secret for this platform. */
  clientIdField: string;
  clientSecretField: string;
}

/** The optional redirect URI every platform's app takes (else the gateway's own callback URL). */
export const redirectUriField: PlatformAppField = {
  name: 'redirectUri',
  label: 'OAuth redirect URI registered with the platform',
  secret: false,
  required: false,
  pattern: { re: /^https?:\/\/\S+$/, message: 'must be an http(s) URL' },
};
