import http from 'node:http';
import type { Socket } from 'node:net';
import type { Express } from 'express';

type Born = { IncomingMessage: typeof http.IncomingMessage; ServerResponse: typeof http.ServerResponse };

/**
 * Request and response classes for `http.createServer` whose instances are born with `app`'s
 * prototypes. Express sets them on every request (Object.setPrototypeOf in app.handle); on an
 * object already built that is a map change V8 makes slow, and every property the request then
 * gets is added to an object it no longer has a fast shape for.
 * Born right, the call finds the prototype already in place and changes nothing.
 */
export function expressBorn(app: Express): Born {
  function Request(this: http.IncomingMessage, socket: Socket) {
    http.IncomingMessage.call(this, socket);
  }
  Request.prototype = app.request;
  function Response(this: http.ServerResponse, req: http.IncomingMessage, options?: object) {
    (http.ServerResponse as unknown as (req: http.IncomingMessage, options?: object) => void).call(this, req, options);
  }
  Response.prototype = app.response;
  return { IncomingMessage: Request as unknown as Born['IncomingMessage'], ServerResponse: Response as unknown as Born['ServerResponse'] };
}
