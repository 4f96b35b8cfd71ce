/** Google-specific control endpoints under /__sim (tokens without OAuth, usage, settings, seed map). */
import express from 'express';
import type { SimContext } from '../context';
import { ADWORDS_SCOPE } from '../tokens';

export function controlRouter(ctx: SimContext): express.Router {
  const r = express.Router();

  r.post('/tokens', (req, res) => {
    const b = (req.body ?? {}) as { user?: string; expiresIn?: number; scope?: string; clientId?: string; offline?: boolean };
    const user = b.user ?? 'alice';
    if (!ctx.state.users.has(user)) return res.status(404).json({ error: `unknown user ${user}`, users: [...ctx.state.users.keys()] });
    const clientId = b.clientId ?? ctx.settings.apps[0]?.clientId ?? 'sim-client';
    const grant = ctx.tokens.newGrant(user, clientId, b.scope ?? ADWORDS_SCOPE, b.offline ?? true);
    const at = ctx.tokens.issueAccess(grant, b.expiresIn);
    return res.status(201).json({
      access_token: at.token,
      refresh_token: grant.refreshToken,
      expires_in: Math.round((at.expiresAt - Date.now()) / 1000),
      token_type: 'Bearer',
      scope: grant.scope,
      user,
      customerIds: ctx.state.users.get(user)!.customerIds,
    });
  });

  const byToken = (fn: (t: string) => boolean) => (req: express.Request, res: express.Response) => {
    const token = (req.body as { token?: string } | undefined)?.token;
    if (!token || !fn(token)) return res.status(404).json({ error: 'unknown token' });
    return res.json({ ok: true });
  };
  r.post('/tokens/expire', byToken((t) => ctx.tokens.expire(t)));
  r.post('/tokens/revoke', byToken((t) => ctx.tokens.revoke(t)));

  r.get('/usage', (req, res) => {
    const id = typeof req.query.customerId === 'string' ? req.query.customerId : undefined;
    if (id) {
      return res.json({
        customerId: id,
        operations: ctx.usage.get(id) ?? 0,
        lastSecond: ctx.control.window.count(id),
        limitPerSecond: ctx.control.budget.perAccountPerSecond ?? null,
      });
    }
    return res.json({ customers: Object.fromEntries(ctx.usage), throttled: ctx.control.throttled });
  });

  r.post('/settings', (req, res) => {
    const b = (req.body ?? {}) as Partial<Record<'searchPageSize' | 'streamBatchSize' | 'throttleRetrySeconds' | 'minVersion' | 'goneBelow', number>>;
    for (const k of ['searchPageSize', 'streamBatchSize', 'throttleRetrySeconds', 'minVersion'] as const) {
      const v = b[k];
      if (typeof v === 'number' && Number.isInteger(v) && v > 0) ctx.settings[k] = v;
    }
    if (typeof b.goneBelow === 'number' && Number.isInteger(b.goneBelow) && b.goneBelow >= 0) ctx.settings.goneBelow = b.goneBelow;
    const { apps: _apps, ...visible } = ctx.settings;
    return res.json(visible);
  });

  r.get('/seed', (_req, res) => {
    res.json({
      users: [...ctx.state.users.values()].map((u) => ({ name: u.name, email: u.email, customerIds: u.customerIds })),
      customers: [...ctx.state.customers.values()].map((c) => ({
        id: c.id,
        descriptiveName: c.descriptiveName,
        currencyCode: c.currencyCode,
        timeZone: c.timeZone,
        manager: c.manager,
        status: c.status,
        parentId: c.parentId ?? null,
      })),
    });
  });
  return r;
}
