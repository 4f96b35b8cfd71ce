import http from 'node:http';
import type { Express } from 'express';

type Born = { IncomingMessage: typeof http.IncomingMessage; ServerResponse: typeof http.ServerResponse };

/**
 * Request and response classes for `http.createServer` whose instances are born with `app`'s
 * prototypes. Express sets them on every request (Object.setPrototypeOf in app.handle); on an
 * object already built that is a map change V8 makes slow, and every property the request then
 * gets is added to an object it no longer has a fast shape for.
 * Born right, the call finds the prototype already in place and changes nothing.
 *
 * They are classes deriving from Node's, not functions calling Node's constructors on `this`: V8
 * sizes a derived class's objects for the properties its base constructors assign, whereas an
 * object made by a plain function starts with room for none and grows a separate property store,
 * reallocated again and again as Node's constructors fill in their forty-odd fields.
 * Each class's prototype inherits from the app's, and then becomes the app's (`app.request`,
 * `app.response`), so what the app defined on its prototypes before still applies.
 */
export function expressBorn(app: Express): Born {
  class Request extends http.IncomingMessage {}
  Object.setPrototypeOf(Request.prototype, app.request);
  app.request = Request.prototype as Express['request'];
  class Response extends http.ServerResponse {}
  Object.setPrototypeOf(Response.prototype, app.response);
  app.response = Response.prototype as unknown as Express['response'];
  return { IncomingMessage: Request, ServerResponse: Response as Born['ServerResponse'] };
}
