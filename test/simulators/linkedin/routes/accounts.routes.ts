/**
 * Ad accounts and the member's access (docs/platforms/linkedin.md, "Ad accounts"):
 * `adAccountUsers?q=authenticatedUser` (index paging), `adAccounts?q=search` (cursor paging) and
 * `adAccounts/{id}`.
 */
import type express from 'express';
import { op, type SimDeps } from '../ctx';
import { criterion } from '../restli';
import { URN, urnId, stamps, type Rec } from '../state';
import { cursorPage, errors, indexPage } from '../wire';

const ACCOUNT_STATUS = ['ACTIVE', 'CANCELED', 'DRAFT', 'PENDING_DELETION', 'REMOVED'];

export function accountRoutes(r: express.Router, deps: SimDeps): void {
  r.get('/adAccountUsers', op(deps, 'adAccountUsers', 'FINDER-authenticatedUser', (c) => {
    c.requireScope('read');
    const q = c.p.str('q', true);
    if (q !== 'authenticatedUser') throw errors.illegal(`Unsupported finder ${q}`);
    c.charge(`member:${c.member.name}`);
    const start = c.p.int('start', 0, 0, Number.MAX_SAFE_INTEGER);
    const count = c.p.int('count', 10, 0, 1000, 'Specified count is larger than 1000');
    const all = [...c.member.roles.entries()]
      .sort(([a], [b]) => a - b)
      .map(([accountId, role]) => {
        const created = (c.state.accounts.get(accountId)?.changeAuditStamps as { created: { time: number } }).created.time;
        return { account: URN.account(accountId), user: URN.person(c.member.personId), role, changeAuditStamps: stamps(created, created) };
      });
    return indexPage(all, start, count, c.req.originalUrl.replace(/^\/rest/, ''));
  }));

  r.get('/adAccounts', op(deps, 'adAccounts', 'FINDER-search', (c) => {
    c.requireScope('read');
    const q = c.p.str('q', true);
    if (q !== 'search') throw errors.illegal(`Unsupported finder ${q}`);
    c.charge(`member:${c.member.name}`);
    const search = c.p.obj('search');
    const ids = criterion(search, 'id')?.map((u) => {
      const n = urnId(u, 'sponsoredAccount');
      if (n === undefined) throw errors.illegal(`Invalid search criterion id: ${u} is not a sponsoredAccount URN`);
      return n;
    });
    const status = criterion(search, 'status');
    if (status?.some((s) => !ACCOUNT_STATUS.includes(s))) throw errors.illegal('Invalid search criterion status');
    const names = criterion(search, 'name');
    const types = criterion(search, 'type');
    const test = search?.test;
    const all = [...c.member.roles.keys()]
      .sort((a, b) => a - b)
      .map((id) => c.state.accounts.get(id)!)
      .filter((a: Rec) => (!ids || ids.includes(a.id as number)) && (!status || status.includes(a.status as string)) && (!names || names.includes(a.name as string)) && (!types || types.includes(a.type as string)) && (test === undefined || String(a.test) === test));
    const pageSize = c.p.int('pageSize', 100, 1, c.deps.settings.maxPageSize);
    return cursorPage(all, pageSize, c.p.str('pageToken'), JSON.stringify(search ?? null));
  }));

  r.get('/adAccounts/:accountId', op(deps, 'adAccounts', 'GET', (c) => {
    c.requireScope('read');
    return c.account(c.req.params.accountId as string, 'read').rec;
  }));
}
