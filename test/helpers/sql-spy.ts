import type { TestApp } from '../world';

/** SQL statements the app's ORM connection sends while `fn` runs. */
export async function queriesDuring(app: TestApp, fn: () => Promise<unknown>): Promise<string[]> {
  const conn = app.infra.orm.em.getConnection() as unknown as { executeQuery(sql: string, ...rest: unknown[]): Promise<unknown> };
  const spy = jest.spyOn(conn, 'executeQuery');
  try {
    await fn();
    return spy.mock.calls.map((c) => String(c[0]));
  } finally {
    spy.mockRestore();
  }
}
