import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../infra/config';
import type { Logger } from '../../infra/logger';
import type { Mailer } from '../../infra/mailer';
import { randomToken, sha256 } from '../../infra/crypto';
import { AppError } from '../../errors/app-error';
import { alreadyExistsOnConflict } from './unique-conflict';
import { Invitation } from '../../persistence/entities/invitation.entity';
import { Tenant } from '../../persistence/entities/tenant.entity';
import { TenantUser } from '../../persistence/entities/tenant-user.entity';
import type { TenantRole } from '../identity/auth-context';
import type { IssuedTokens, TokenService } from '../identity/tokens.service';
import { subjectOf, type TenantUserService } from './tenant-users.service';

const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

export interface InvitationView {
  id: string;
  email: string;
  role: TenantRole;
  status: 'pending' | 'accepted' | 'revoked' | 'expired';
  expiresAt: Date;
  createdAt: Date;
}

const view = (i: Invitation): InvitationView => ({
  id: i.id,
  email: i.email,
  role: i.role,
  status: i.acceptedAt ? 'accepted' : i.revokedAt ? 'revoked' : i.expiresAt.getTime() <= Date.now() ? 'expired' : 'pending',
  expiresAt: i.expiresAt,
  createdAt: i.createdAt,
});

/** Invitations into a tenant: emailed single-use token, stored hashed, valid 7 days. */
export class InvitationService {
  constructor(
    private readonly config: Config,
    private readonly users: TenantUserService,
    private readonly tokens: TokenService,
    private readonly mailer: Mailer,
    private readonly log: Logger,
  ) {}

  async create(em: EntityManager, tenantId: string, input: { email: string; role: TenantRole }, invitedBy: string | null) {
    const email = input.email.toLowerCase();
    if (await em.count(TenantUser, { email })) throw new AppError('ALREADY_EXISTS', 'A user with this email already exists');
    const tenant = await em.findOneOrFail(Tenant, { id: tenantId });
    const token = `inv_${randomToken(32)}`;
    const inv = em.create(Invitation, {
      id: randomUUID(),
      tenant: tenantId,
      email,
      role: input.role,
      tokenHash: sha256(token),
      invitedBy,
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      createdAt: new Date(),
    });
    await em.flush();
    const link = `${this.config.PUBLIC_URL}/accept-invitation?token=${encodeURIComponent(token)}`;
    void this.mailer
      .send({
        to: email,
        subject: `You are invited to ${tenant.name} on Ads Gateway`,
        text:
          `You have been invited to join ${tenant.name} as ${input.role}.\n\n` +
          `Invitation token: ${token}\nOr open: ${link}\n\nThe invitation works once and expires in 7 days.\n` +
          `Once your account is ready, sign in to the console at ${this.config.PUBLIC_URL}/console\n`,
      })
      .catch((err: Error) => this.log.warn({ err: err.message, invitationId: inv.id }, 'invitation email failed'));
    return view(inv);
  }

  async list(em: EntityManager, tenantId: string): Promise<InvitationView[]> {
    const rows = await em.find(Invitation, { tenant: tenantId }, { orderBy: { createdAt: 'desc' } });
    return rows.map(view);
  }

  async revoke(em: EntityManager, tenantId: string, id: string): Promise<void> {
    const n = await em.nativeUpdate(Invitation, { id, tenant: tenantId, acceptedAt: null, revokedAt: null }, { revokedAt: new Date() });
    if (n === 0) throw new AppError('NOT_FOUND', 'Invitation not found');
  }

  /** What the invitation page shows before accepting; throws as `accept` would for a bad token. */
  async describe(em: EntityManager, token: string): Promise<{ email: string; role: TenantRole; tenantName: string }> {
    const inv = await em.findOne(Invitation, { tokenHash: sha256(token) }, { populate: ['tenant'] });
    if (!inv || inv.acceptedAt || inv.revokedAt) throw new AppError('TOKEN_INVALID', 'The invitation is not valid');
    if (inv.expiresAt.getTime() <= Date.now()) throw new AppError('TOKEN_EXPIRED', 'The invitation has expired');
    return { email: inv.email, role: inv.role, tenantName: inv.tenant.name };
  }

  async accept(em: EntityManager, token: string, input: { name: string; password: string }): Promise<IssuedTokens & { tenantId: string }> {
    // Public endpoint: the token is the only key, so this lookup cannot be tenant-scoped.
    const inv = await em.findOne(Invitation, { tokenHash: sha256(token) });
    if (!inv || inv.acceptedAt || inv.revokedAt) throw new AppError('TOKEN_INVALID', 'The invitation is not valid');
    if (inv.expiresAt.getTime() <= Date.now()) throw new AppError('TOKEN_EXPIRED', 'The invitation has expired');
    const tenantId = inv.tenant.id;
    return alreadyExistsOnConflict(() => em.transactional(async (tx) => {
      const claimed = await tx.nativeUpdate(Invitation, { id: inv.id, tenant: tenantId, acceptedAt: null, revokedAt: null }, { acceptedAt: new Date() });
      if (claimed !== 1) throw new AppError('TOKEN_INVALID', 'The invitation is not valid');
      const user = await this.users.create(tx, tenantId, { email: inv.email, name: input.name, password: input.password, role: inv.role });
      await tx.flush();
      return { ...(await this.tokens.issue(tx, subjectOf(user))), tenantId };
    }));
  }
}
