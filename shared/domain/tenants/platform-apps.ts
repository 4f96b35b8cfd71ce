/** The app credentials each platform needs (docs/api-conventions.md §10), and how they map to the OAuth client shape. */
export type AppPlatform = 'facebook' | 'google' | 'tiktok' | 'linkedin';
export const APP_PLATFORMS: AppPlatform[] = ['facebook', 'google', 'tiktok', 'linkedin'];

export interface PlatformField {
  name: string;
  label: string;
  secret: boolean;
  required: boolean;
  /** Checked on write; the message is shown in the 400 details. */
  pattern?: { re: RegExp; message: string };
}

export interface PlatformAppMeta {
  platform: AppPlatform;
  label: string;
  fields: PlatformField[];
  /** Which field is the OAuth client id / client secret for this platform. */
  clientIdField: string;
  clientSecretField: string;
}

const redirectUri: PlatformField = {
  name: 'redirectUri',
  label: 'OAuth redirect URI registered with the platform',
  secret: false,
  required: false,
  pattern: { re: /^https?:\/\/\S+$/, message: 'must be an http(s) URL' },
};

export const PLATFORM_APPS: Record<AppPlatform, PlatformAppMeta> = {
  facebook: {
    platform: 'facebook',
    label: 'Meta (Facebook) Marketing API',
    clientIdField: 'appId',
    clientSecretField: 'appSecret',
    fields: [
      { name: 'appId', label: 'App ID', secret: false, required: true, pattern: { re: /^\d{5,20}$/, message: 'must be the numeric app id' } },
      { name: 'appSecret', label: 'App secret', secret: true, required: true },
      redirectUri,
    ],
  },
  google: {
    platform: 'google',
    label: 'Google Ads API',
    clientIdField: 'clientId',
    clientSecretField: 'clientSecret',
    fields: [
      { name: 'clientId', label: 'OAuth client ID', secret: false, required: true },
      { name: 'clientSecret', label: 'OAuth client secret', secret: true, required: true },
      // Developer tokens were sunset on 2026-09-09 (header optional, ignored); kept for accounts that still send one.
      { name: 'developerToken', label: 'Developer token (optional since the 2026-09 sunset)', secret: true, required: false },
      {
        name: 'loginCustomerId',
        label: 'Manager (login) customer ID',
        secret: false,
        required: false,
        pattern: { re: /^\d{3}-?\d{3}-?\d{4}$/, message: 'must be a 10-digit customer id' },
      },
      redirectUri,
    ],
  },
  tiktok: {
    platform: 'tiktok',
    label: 'TikTok API for Business',
    clientIdField: 'appId',
    clientSecretField: 'secret',
    fields: [
      { name: 'appId', label: 'App ID', secret: false, required: true },
      { name: 'secret', label: 'App secret', secret: true, required: true },
      redirectUri,
    ],
  },
  linkedin: {
    platform: 'linkedin',
    label: 'LinkedIn Marketing API',
    clientIdField: 'clientId',
    clientSecretField: 'clientSecret',
    fields: [
      { name: 'clientId', label: 'Client ID', secret: false, required: true },
      { name: 'clientSecret', label: 'Client secret', secret: true, required: true },
      redirectUri,
    ],
  },
};
