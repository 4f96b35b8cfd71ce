/**
 * Creatives under `/rest/adAccounts/{account}/creatives` (docs/platforms/linkedin.md): FINDER
 * `q=criteria` with cursor paging, and GET by the creative URN, which must be encoded whole in the
 * path (a raw `:` is a syntax error).
 */
import type express from 'express';
import { op, type SimDeps } from '../ctx';
import { urnId } from '../state';
import { cursorPage, errors } from '../wire';

const INTENDED = ['ACTIVE', 'PAUSED', 'DRAFT', 'ARCHIVED', 'CANCELED', 'PENDING_DELETION'];

export function creativeRoutes(r: express.Router, deps: SimDeps): void {
  r.get('/adAccounts/:accountId/creatives', op(deps, 'creatives', 'FINDER-criteria', (c) => {
    c.requireScope('read');
    const { id } = c.account(c.req.params.accountId as string, 'read');
    const q = c.p.str('q', true);
    if (q !== 'criteria') throw errors.illegal(`Unsupported finder ${q}`);
    const campaigns = c.p.list('campaigns');
    if (campaigns?.some((u) => urnId(u, 'sponsoredCampaign') === undefined)) throw errors.illegal('Invalid value for param campaigns: expected sponsoredCampaign URNs');
    const statuses = c.p.list('intendedStatuses');
    if (statuses?.some((s) => !INTENDED.includes(s))) throw errors.illegal('Invalid value for param intendedStatuses');
    const creatives = c.p.list('creatives');
    const order = c.p.enumOf('sortOrder', ['ASCENDING', 'DESCENDING']) ?? 'ASCENDING';
    let all = c.state.creatives.list(id).filter((cr) =>
      (!campaigns || campaigns.includes(cr.campaign as string)) &&
      (!statuses || statuses.includes(cr.intendedStatus as string)) &&
      (!creatives || creatives.includes(cr.id as string)),
    );
    if (order === 'DESCENDING') all = [...all].reverse();
    const pageSize = c.p.int('pageSize', 100, 1, c.deps.settings.maxPageSize);
    return cursorPage(all, pageSize, c.p.str('pageToken'), `${id}|${campaigns?.join(',')}|${statuses?.join(',')}|${creatives?.join(',')}|${order}`);
  }));

  r.get('/adAccounts/:accountId/creatives/:creative', op(deps, 'creatives', 'GET', (c) => {
    c.requireScope('read');
    const { id } = c.account(c.req.params.accountId as string, 'read');
    const rawSegment = c.req.path.split('/').pop() ?? '';
    // The key is a URN: Rest.li 2.0 wants it encoded whole (%3A); a raw colon fails to parse.
    if (rawSegment.includes(':')) throw errors.illegal(`Syntax exception in path variables: ${rawSegment}`);
    const urn = c.req.params.creative as string;
    if (urnId(urn, 'sponsoredCreative') === undefined) throw errors.illegal(`Syntax exception in path variables: ${rawSegment}`);
    const rec = c.state.creatives.get(id, urn);
    if (!rec) throw errors.notFound(`Creative ${urn}`);
    return rec;
  }));
}
