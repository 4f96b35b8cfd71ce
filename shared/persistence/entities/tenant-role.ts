/** A tenant user's role, as the `tenant_users` and `invitations` rows store it (what each may do is the domain's). */
export type TenantRole = 'owner' | 'admin' | 'member';
