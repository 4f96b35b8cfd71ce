import type { ZodTypeAny } from 'zod';
import { z } from '../../../shared/infra/zod-openapi';
import { APP_PLATFORMS, PLATFORM_APPS, type AppPlatform, type PlatformField } from '../../../shared/domain/tenants/platform-apps';
import { defineRoute, type RouteSpec } from '../route';
import { ADMINS, tenantOf } from './require-role';

const PlatformFieldDto = z
  .object({ name: z.string(), label: z.string(), secret: z.boolean(), required: z.boolean() })
  .openapi('PlatformFieldDto');
const PlatformMetadataDto = z
  .object({
    platform: z.enum(APP_PLATFORMS),
    label: z.string(),
    available: z.boolean().openapi({ description: 'Whether users can connect this platform through the gateway today' }),
    reason: z.string().optional().openapi({ description: 'Why the platform cannot be connected (only when available is false)' }),
    fields: z.array(PlatformFieldDto),
  })
  .openapi('PlatformMetadataDto');
const SecretFieldDto = z
  .object({ configured: z.literal(true), last4: z.string().openapi({ description: 'Last 4 characters (empty for short secrets)' }) })
  .openapi('SecretFieldDto');

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

function valueSchema(f: PlatformField): z.ZodString {
  const s = z.string().trim().min(1).max(f.secret ? 4096 : 2000);
  return f.pattern ? s.regex(f.pattern.re, f.pattern.message) : s;
}

/** The zod schemas of a platform's app: its create and update bodies (the console's forms use them too) and its read view. */
export function appSchemasFor(p: AppPlatform) {
  const meta = PLATFORM_APPS[p];
  const create: Record<string, ZodTypeAny> = {};
  const update: Record<string, ZodTypeAny> = {};
  const read: Record<string, ZodTypeAny> = {
    platform: z.literal(p),
    configured: z.literal(true),
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime(),
  };
  for (const f of meta.fields) {
    const v = valueSchema(f).openapi({ description: f.label });
    create[f.name] = f.required ? v : v.optional();
    update[f.name] = f.required ? v.optional() : v.nullable().optional();
    // A field the tenant must store is always there; an optional one only once it was stored.
    const stored = f.secret ? SecretFieldDto : z.string();
    read[f.name] = f.required ? stored : stored.optional();
  }
  const P = cap(p);
  return {
    create: z.object(create).strict().openapi(`Create${P}AppDto`),
    update: z
      .object(update)
      .strict()
      .refine((o) => Object.keys(o).length > 0, { message: 'send at least one field' })
      .openapi(`Update${P}AppDto`),
    read: z.object(read).openapi(`${P}AppDto`),
  };
}

function appRoutes(p: AppPlatform): RouteSpec[] {
  const s = appSchemasFor(p);
  const path = `/api/v1/tenant/apps/${p}`;
  const tags = ['Tenant apps'];
  const label = PLATFORM_APPS[p].label;
  return [
    defineRoute({
      method: 'get',
      path,
      operationId: `get${cap(p)}App`,
      summary: `The tenant's ${label} app (secrets masked)`,
      tags,
      auth: 'tenant',
      response: { schema: s.read },
      errors: [404],
      handler: async ({ deps, em, auth }) => ({ data: await deps.services.tenantApps.get(em, tenantOf(auth), p), message: 'App fetched' }),
    }),
    defineRoute({
      method: 'post',
      path,
      operationId: `create${cap(p)}App`,
      summary: `Configure the tenant's ${label} app (owner/admin)`,
      description: 'Secrets are encrypted at rest (AES-256-GCM) and never returned.',
      tags,
      auth: 'tenant',
      body: s.create,
      response: { status: 201, schema: s.read },
      errors: [403, 409],
      handler: async ({ deps, em, auth, body }) => ({
        data: await deps.services.tenantApps.create(em, tenantOf(auth, ADMINS), p, body as Record<string, string>),
        status: 201,
        message: 'App configured',
      }),
    }),
    defineRoute({
      method: 'patch',
      path,
      operationId: `update${cap(p)}App`,
      summary: `Update the tenant's ${label} app (owner/admin)`,
      description: 'Only the fields sent change; `null` clears an optional field.',
      tags,
      auth: 'tenant',
      body: s.update,
      response: { schema: s.read },
      errors: [403, 404],
      handler: async ({ deps, em, auth, body }) => ({
        data: await deps.services.tenantApps.update(em, tenantOf(auth, ADMINS), p, body as Record<string, string | null>),
        message: 'App updated',
      }),
    }),
    defineRoute({
      method: 'delete',
      path,
      operationId: `delete${cap(p)}App`,
      summary: `Remove the tenant's ${label} app (owner/admin)`,
      description:
        `Refused with 409 \`PLATFORM_APP_IN_USE\` while any active ${label} connection of the tenant still uses the app ` +
        '(every call, refresh and check of a connection goes through it): `error.details[0].activeConnections` says how many. ' +
        'Revoke them first (`DELETE /api/v1/connections/{connectionId}`, as each connection\'s external user); revoked, expired ' +
        'and failed connections do not count. To change credentials without revoking anything, use PATCH instead.',
      tags,
      auth: 'tenant',
      response: { schema: z.object({ platform: z.literal(p), deleted: z.literal(true) }) },
      errors: [403, 404, 409],
      handler: async ({ deps, em, auth }) => {
        await deps.services.tenantApps.remove(em, tenantOf(auth, ADMINS), p);
        return { data: { platform: p, deleted: true }, message: 'App removed' };
      },
    }),
  ];
}

export const tenantAppRoutes: RouteSpec[] = [
  defineRoute({
    method: 'get',
    path: '/api/v1/tenant/platforms',
    operationId: 'listPlatforms',
    summary: 'The app fields each platform needs',
    tags: ['Tenant apps'],
    auth: 'tenant',
    response: { schema: z.array(PlatformMetadataDto) },
    description:
      'Every platform a tenant can store app credentials for. `available: false` marks a platform the gateway cannot connect yet ' +
      '(no adapter: its connection routes answer 400), with the reason.',
    handler: async ({ deps }) => ({
      data: APP_PLATFORMS.map((p) => ({
        platform: p,
        label: PLATFORM_APPS[p].label,
        // Connectable = an adapter is registered for it; credentials may still be stored ahead of time.
        ...(deps.services.platforms.all().some((a) => a.platform === p)
          ? { available: true }
          : { available: false, reason: `The gateway has no ${PLATFORM_APPS[p].label} adapter yet: its app credentials can be stored, but connections cannot be made` }),
        fields: PLATFORM_APPS[p].fields.map(({ name, label, secret, required }) => ({ name, label, secret, required })),
      })),
      message: 'Platforms fetched',
    }),
  }),
  ...APP_PLATFORMS.flatMap(appRoutes),
];
