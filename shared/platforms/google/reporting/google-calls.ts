import type { PlatformAuthService } from '../../../domain/connections/platform-auth.service';
import type { PlatformRegistry } from '../../core/registry';
import type { PlatformApp, TokenSource } from '../../core/types';
import { googleHeaders } from '../client';
import type { GoogleCall } from '../operations/search';

/** One account as a call target: which connection reaches it and through which manager. */
export interface Target {
  customerId: string;
  connectionId: string;
  tenantId: string;
  /** Manager id for login-customer-id; null = reached directly. */
  loginCustomerId: string | null;
}

/**
 * Calls for one request with the tenant's app (developer-token header, limiter key). All calls on
 * a connection share one token source: each refresh names the token its call was refused with, so
 * a fan-out whose calls are all refused at once causes one refresh.
 */
export class GoogleCaller {
  private readonly sources = new Map<string, Promise<TokenSource>>();

  constructor(
    private readonly platforms: PlatformRegistry,
    private readonly auth: PlatformAuthService,
    private readonly app: PlatformApp,
  ) {}

  private sourceFor(connectionId: string): Promise<TokenSource> {
    let s = this.sources.get(connectionId);
    if (!s) {
      s = this.auth.tokenSource(connectionId);
      // A failed lookup (e.g. a deleted connection) is not kept for later calls.
      s.catch(() => this.sources.delete(connectionId));
      this.sources.set(connectionId, s);
    }
    return s;
  }

  async send<T = unknown>(target: Pick<Target, 'connectionId' | 'loginCustomerId'> & { customerId?: string }, call: GoogleCall): Promise<T> {
    return this.platforms.get('google').client.request<T>({
      method: call.method,
      path: call.path,
      body: call.body,
      token: await this.sourceFor(target.connectionId),
      accountKey: target.customerId,
      appKey: this.app.clientId,
      kind: 'read',
      headers: googleHeaders(this.app, target.loginCustomerId),
    });
  }
}
