import express, { type Express, type Request } from 'express';

const PARSED = Symbol('parsed query');
type Memo = Request & { [PARSED]?: Request['query'] };

/**
 * Express 5's `req.query` is a getter that parses the query string again on every read, and a
 * request reads it several times (input checks, authentication, validation, the guard). Here it is
 * parsed once per request, by express's own getter and the app's query parser, and every later read
 * gets that same object.
 */
export function parseQueryOnce(app: Express): void {
  const parse = Object.getOwnPropertyDescriptor(express.request, 'query')?.get;
  if (!parse) throw new Error('express no longer defines req.query as a getter');
  Object.defineProperty(app.request, 'query', {
    configurable: true,
    enumerable: true,
    get(this: Memo) {
      return (this[PARSED] ??= parse.call(this) as Request['query']);
    },
  });
}
