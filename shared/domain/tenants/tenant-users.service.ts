import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../infra/config';
import type { Logger } from '../../infra/logger';
import type { Mailer } from '../../infra/mailer';
import { randomToken, sha256 } from '../../infra/crypto';
import { AppError } from '../../errors/app-error';
import { TenantUser } from '../../persistence/entities/tenant-user.entity';
import { PasswordReset } from '../../persistence/entities/password-reset.entity';
import { hashPassword, verifyPassword, dummyPasswordHash } from '../identity/password';
import type { IssuedTokens, TokenService, TenantUserSubject } from '../identity/tokens.service';
import type { TenantRole } from '../identity/auth-context';

const RESET_TTL_MS = 60 * 60 * 1000;

export interface TenantUserView {
  id: string;
  email: string;
  name: string;
  role: TenantRole;
  createdAt: Date;
}

export const userView = (u: TenantUser): TenantUserView => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  createdAt: u.createdAt,
});

export const subjectOf = (u: TenantUser): TenantUserSubject => ({
  kind: 'tenant-user',
  tenantId: u.tenant.id,
  id: u.id,
  role: u.role,
  tokenVersion: u.tokenVersion,
});

/** Tenant users: login, tokens, passwords (scrypt), and the tenant's user list. */
export class TenantUserService {
  constructor(
    private readonly config: Config,
    private readonly tokens: TokenService,
    private readonly mailer: Mailer,
    private readonly log: Logger,
  ) {}

  /** Email is unique across the service (login is by email alone). */
  async create(em: EntityManager, tenantId: string, input: { email: string; name: string; password: string; role: TenantRole }) {
    const email = input.email.toLowerCase();
    if (await em.count(TenantUser, { email })) throw new AppError('ALREADY_EXISTS', 'A user with this email already exists');
    const user = em.create(TenantUser, {
      id: randomUUID(),
      tenant: tenantId,
      email,
      name: input.name,
      role: input.role,
      passwordHash: await hashPassword(input.password),
      tokenVersion: 0,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    return user;
  }

  async login(em: EntityManager, email: string, password: string): Promise<IssuedTokens> {
    const user = await em.findOne(TenantUser, { email: email.toLowerCase() });
    const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (!user || !ok) throw new AppError('UNAUTHENTICATED', 'Invalid email or password');
    return this.tokens.issue(em, subjectOf(user));
  }

  async refresh(em: EntityManager, refreshToken: string): Promise<IssuedTokens> {
    return this.tokens.rotate(em, refreshToken, 'tenant-user', async (claims) => {
      const user = await em.findOne(TenantUser, { id: claims.sub, tenant: claims.tid });
      return user && user.tokenVersion === claims.tv ? subjectOf(user) : null;
    });
  }

  async get(em: EntityManager, tenantId: string, id: string): Promise<TenantUser> {
    const user = await em.findOne(TenantUser, { id, tenant: tenantId });
    if (!user) throw new AppError('NOT_FOUND', 'User not found');
    return user;
  }

  async list(em: EntityManager, tenantId: string, page: number, pageSize: number) {
    const [rows, total] = await em.findAndCount(
      TenantUser,
      { tenant: tenantId },
      { orderBy: { createdAt: 'asc', id: 'asc' }, limit: pageSize, offset: (page - 1) * pageSize },
    );
    return { items: rows.map(userView), page, pageSize, total };
  }

  private async keepAnOwner(em: EntityManager, user: TenantUser): Promise<void> {
    if (user.role !== 'owner') return;
    const owners = await em.count(TenantUser, { tenant: user.tenant.id, role: 'owner' });
    if (owners <= 1) throw new AppError('FORBIDDEN', 'The tenant must keep at least one owner');
  }

  async updateRole(em: EntityManager, tenantId: string, id: string, role: TenantRole): Promise<TenantUserView> {
    const user = await this.get(em, tenantId, id);
    if (role !== 'owner') await this.keepAnOwner(em, user);
    user.role = role;
    user.updatedAt = new Date();
    await em.flush();
    await this.tokens.subjectChanged(tenantId, 'tenant-user', user.id);
    return userView(user);
  }

  async remove(em: EntityManager, tenantId: string, id: string): Promise<void> {
    const user = await this.get(em, tenantId, id);
    await this.keepAnOwner(em, user);
    await this.tokens.revokeSubject(em, tenantId, 'tenant-user', user.id);
    await em.nativeDelete(TenantUser, { id: user.id, tenant: tenantId });
  }

  /** Every other session of the user ends: token version bump + refresh families revoked. */
  private async setPassword(em: EntityManager, user: TenantUser, password: string): Promise<void> {
    user.passwordHash = await hashPassword(password);
    user.tokenVersion += 1;
    user.updatedAt = new Date();
    await em.flush();
    await this.tokens.revokeSubject(em, user.tenant.id, 'tenant-user', user.id);
  }

  async changePassword(em: EntityManager, tenantId: string, userId: string, current: string, next: string): Promise<IssuedTokens> {
    const user = await this.get(em, tenantId, userId);
    if (!(await verifyPassword(current, user.passwordHash))) {
      throw new AppError('VALIDATION_FAILED', 'The current password is incorrect', {
        details: [{ path: 'body.currentPassword', message: 'Incorrect password' }],
      });
    }
    await this.setPassword(em, user, next);
    return this.tokens.issue(em, subjectOf(user));
  }

  /**
   * Always resolves the same way whether or not the email exists; the email goes out in the
   * background so the answer's timing does not tell either.
   */
  async forgotPassword(em: EntityManager, email: string): Promise<void> {
    const user = await em.findOne(TenantUser, { email: email.toLowerCase() });
    if (!user) return;
    const token = `rst_${randomToken(32)}`;
    em.create(PasswordReset, {
      id: randomUUID(),
      tenant: user.tenant.id,
      user: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_TTL_MS),
      createdAt: new Date(),
    });
    await em.flush();
    const link = `${this.config.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`;
    void this.mailer
      .send({
        to: user.email,
        subject: 'Reset your Ads Gateway password',
        text:
          `Someone asked to reset the password of ${user.email}.\n\n` +
          `Reset token: ${token}\nOr open: ${link}\n\n` +
          'The token works once, within one hour. If you did not ask for this, ignore this message.\n' +
          `Afterwards, sign in to the console at ${this.config.PUBLIC_URL}/console\n`,
      })
      .catch((err: Error) => this.log.warn({ err: err.message, userId: user.id }, 'password reset email failed'));
  }

  /** The email a reset link is for; throws as `resetPassword` would for a bad token. */
  /** What the reset page shows the person: whose password, and for which tenant. */
  async describeReset(em: EntityManager, token: string): Promise<{ email: string; tenantName: string }> {
    const reset = await em.findOne(PasswordReset, { tokenHash: sha256(token) }, { populate: ['user', 'tenant'] });
    if (!reset || reset.usedAt) throw new AppError('TOKEN_INVALID', 'The reset token is not valid');
    if (reset.expiresAt.getTime() <= Date.now()) throw new AppError('TOKEN_EXPIRED', 'The reset token has expired');
    return { email: reset.user.email, tenantName: reset.tenant.name };
  }

  /** A reset token works once, within an hour, and is stored only as a hash. */
  async resetPassword(em: EntityManager, token: string, password: string): Promise<void> {
    // Public endpoint: the token itself is the only key, so this lookup cannot be tenant-scoped.
    const reset = await em.findOne(PasswordReset, { tokenHash: sha256(token) }, { populate: ['user'] });
    if (!reset || reset.usedAt) throw new AppError('TOKEN_INVALID', 'The reset token is not valid');
    if (reset.expiresAt.getTime() <= Date.now()) throw new AppError('TOKEN_EXPIRED', 'The reset token has expired');
    const claimed = await em.nativeUpdate(PasswordReset, { id: reset.id, tenant: reset.tenant.id, usedAt: null }, { usedAt: new Date() });
    if (claimed !== 1) throw new AppError('TOKEN_INVALID', 'The reset token is not valid');
    await this.setPassword(em, reset.user, password);
    // Other outstanding reset links for the user die with this one.
    await em.nativeUpdate(PasswordReset, { tenant: reset.tenant.id, user: reset.user.id, usedAt: null }, { usedAt: new Date() });
  }
}
