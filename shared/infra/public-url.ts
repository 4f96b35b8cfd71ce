/**
 * The gateway's own base URL: PUBLIC_URL, unless the process listens on an ephemeral port (PORT=0:
 * tests, sandbox); then the address the caller used is the only one that reaches it.
 */
export function gatewayBase(publicUrl: string, requestBase?: string): string {
  const configured = publicUrl.replace(/\/+$/, '');
  return /:0$/.test(configured) && requestBase ? requestBase : configured;
}
