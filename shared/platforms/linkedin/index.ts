import { PlatformHttpClient } from '../core/http-client';
import type { AdapterDeps } from '../core/registry';
import type { PlatformAdapter } from '../core/types';
import { linkedinProxyRules } from './proxy-rules';
import { definePlatformModule } from '../core/module';
import { linkedinVersions } from './versions';
import { redirectUriField } from '../core/app-credentials';
import { linkedinOperations } from './account-operations';
import { LinkedinClient, linkedinWire } from './client';
import { LINKEDIN_PLATFORM, linkedinDescriptor } from './descriptor';
import { linkedinErrors } from './errors';
import { linkedinOAuth } from './oauth';
import { linkedinConfigSchema } from './config';
import { bodyAdAccountId } from './operations/common.dto';
import { linkedinImportSource } from './operations/import-source';
import { linkedinWriteOperations } from './operations/write-operations';
import { LINKEDIN_SCOPE_MODEL } from './scopes';
import { linkedinReportSource } from './report/report-source';

export { linkedinConfig, linkedinConfigSchema, type LinkedinConfig } from './config';

/** LinkedIn Ads (Marketing API, versioned `/rest`); see docs/platforms/linkedin.md. */
export function createLinkedinAdapter(deps: AdapterDeps): PlatformAdapter {
  const descriptor = linkedinDescriptor(deps.platformConfig ?? deps.config);
  const errors = linkedinErrors;
  const client = new LinkedinClient(new PlatformHttpClient(descriptor, errors, linkedinWire(descriptor), deps.http));
  return {
    platform: LINKEDIN_PLATFORM,
    descriptor,
    client,
    errors,
    oauth: linkedinOAuth(client, descriptor),
    operations: linkedinOperations(client),
  };
}

/** The LinkedIn platform: adapter, config slice, app credentials, scopes, writes and import (listed once in shared/platforms/index.ts). */
export const linkedinModule = definePlatformModule({
  name: LINKEDIN_PLATFORM,
  label: 'Linkedin',
  tag: 'LinkedIn',
  tagText: { LinkedIn: 'LinkedIn Marketing API (Rest.li 2.0): campaign groups, campaigns, creatives and analytics of sponsored ad accounts.' },
  displayName: 'LinkedIn',
  config: linkedinConfigSchema,
  versions: linkedinVersions,
  createAdapter: createLinkedinAdapter,
  appCredentials: {
    label: 'LinkedIn Marketing API',
    clientIdField: 'clientId',
    clientSecretField: 'clientSecret',
    fields: [
      { name: 'clientId', label: 'Client ID', secret: false, required: true },
      { name: 'clientSecret', label: 'Client secret', secret: true, required: true },
      redirectUriField,
    ],
  },
  scopeModel: LINKEDIN_SCOPE_MODEL,
  proxyRules: linkedinProxyRules,
  writeSafety: { budgetUnit: 'major' },
  writeOperations: linkedinWriteOperations,
  importSource: linkedinImportSource,
  reportSource: linkedinReportSource,
  importRequest: { accountId: bodyAdAccountId, levels: 'campaign groups, campaigns and creatives' },
});
