import { pageFromSearch, rowsFromStream, searchCall, searchStreamCall } from '../../../shared/platforms/google/operations/search';
import {
  CLIENTS_QUERY,
  currencyFrom,
  customerIdsFrom,
  customerInfoFrom,
  listAccessibleCustomersCall,
  managerTreeFrom,
} from '../../../shared/platforms/google/operations/accounts';
import { parseGaql } from '../../../shared/platforms/google/gaql';

describe('google search requests', () => {
  it('searchStream posts the query to the customer path, nothing else in the body', () => {
    expect(searchStreamCall('1000000001', 'SELECT campaign.id FROM campaign')).toEqual({
      method: 'POST',
      path: 'customers/1000000001/googleAds:searchStream',
      body: { query: 'SELECT campaign.id FROM campaign' },
    });
  });

  it('search sends pageToken when paging and asks for the total count in searchSettings (never pageSize)', () => {
    expect(searchCall('1', 'Q')).toEqual({ method: 'POST', path: 'customers/1/googleAds:search', body: { query: 'Q' } });
    const paged = searchCall('1', 'Q', { pageToken: 'tok', totalCount: true });
    expect(paged.body).toEqual({ query: 'Q', pageToken: 'tok', searchSettings: { returnTotalResultsCount: true } });
    expect(paged.body).not.toHaveProperty('pageSize');
  });

  it('flattens stream batches in order, keeping rows exactly as sent (int64 strings, camelCase)', () => {
    const row1 = { campaign: { resourceName: 'customers/1/campaigns/2', id: '2' }, metrics: { costMicros: '45670000', ctr: 0.02 } };
    const row2 = { campaign: { id: '3' } };
    const body = [{ results: [row1], fieldMask: 'campaign.id', requestId: 'a' }, { results: [row2], requestId: 'a', queryResourceConsumption: '9' }];
    expect(rowsFromStream(body)).toEqual([row1, row2]);
    expect(rowsFromStream(body)[0]).toBe(row1);
  });

  it('treats an empty stream as no rows, whether [] or a batch without results', () => {
    expect(rowsFromStream([])).toEqual([]);
    expect(rowsFromStream([{ fieldMask: 'campaign.id', requestId: 'x' }])).toEqual([]);
    expect(rowsFromStream(undefined)).toEqual([]);
  });

  it('reads a search page with its next token and total as a string; the last page has no token', () => {
    expect(pageFromSearch({ results: [{ a: 1 }], nextPageToken: 'n2', totalResultsCount: '13' })).toEqual({
      results: [{ a: 1 }],
      nextPageToken: 'n2',
      totalResultsCount: '13',
    });
    expect(pageFromSearch({ fieldMask: 'x' })).toEqual({ results: [], nextPageToken: null, totalResultsCount: null });
  });
});

describe('google account reads', () => {
  it('lists accessible customers with GET and no customer in the path', () => {
    expect(listAccessibleCustomersCall).toEqual({ method: 'GET', path: 'customers:listAccessibleCustomers' });
  });

  it('turns resource names into ids, dropping junk and duplicates', () => {
    expect(customerIdsFrom({ resourceNames: ['customers/1000000001', 'customers/2000000000', 'bogus', 'customers/1000000001'] })).toEqual([
      '1000000001',
      '2000000000',
    ]);
    expect(customerIdsFrom({})).toEqual([]);
  });

  it('reads a customer row, treating omitted booleans as false (proto3 JSON)', () => {
    const info = customerInfoFrom('1000000001', [
      { customer: { resourceName: 'customers/1000000001', id: '1000000001', descriptiveName: 'Alice Shoes US', currencyCode: 'USD', timeZone: 'America/New_York', status: 'ENABLED' } },
    ]);
    expect(info).toEqual({
      resourceName: 'customers/1000000001',
      id: '1000000001',
      descriptiveName: 'Alice Shoes US',
      currencyCode: 'USD',
      timeZone: 'America/New_York',
      manager: false,
      testAccount: false,
      status: 'ENABLED',
    });
    expect(customerInfoFrom('1', [])).toBeNull();
    expect(currencyFrom([{ customer: { currencyCode: 'EUR' } }])).toBe('EUR');
    expect(currencyFrom([])).toBeNull();
  });

  it('expands a manager to its enabled non-manager clients, skipping itself, sub-managers and cancelled accounts', () => {
    const cc = (id: string, level: string, extra: Record<string, unknown> = {}) => ({ customerClient: { id, level, status: 'ENABLED', ...extra } });
    const tree = managerTreeFrom('2000000000', [
      cc('2000000000', '0', { manager: true, currencyCode: 'USD' }),
      cc('2000000001', '1', { currencyCode: 'USD', descriptiveName: 'Client Bakery' }),
      cc('2000000002', '1', { currencyCode: 'GBP' }),
      cc('2000000003', '1', { status: 'CANCELED' }),
      cc('2000000004', '1', { manager: true }),
      cc('2000000005', '2', { currencyCode: 'EUR' }),
    ]);
    expect(tree.isManager).toBe(true);
    expect(tree.clients.map((c) => [c.id, c.currencyCode])).toEqual([
      ['2000000001', 'USD'],
      ['2000000002', 'GBP'],
      ['2000000005', 'EUR'],
    ]);
  });

  it('knows a plain account is not a manager (its only row is itself at level 0)', () => {
    expect(managerTreeFrom('1000000001', [{ customerClient: { id: '1000000001', level: '0', status: 'ENABLED' } }])).toEqual({ isManager: false, clients: [] });
  });

  it('uses a client tree query our own parser accepts', () => {
    expect(parseGaql(CLIENTS_QUERY).from.name).toBe('customer_client');
  });
});
