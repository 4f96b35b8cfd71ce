/**
 * Which ad account a platform object belongs to, read from the platform once per replica. An ad
 * object never moves to another account, so an entry stays true for as long as it is kept; the
 * cache is bounded and entries expire so an object deleted and unknown is asked about again.
 */
export class ObjectOwners {
  private readonly entries = new Map<string, { owner: string | null; until: number }>();

  constructor(
    private readonly ttlMs = 10 * 60_000,
    private readonly max = 10_000,
  ) {}

  /** `load` answers the owner, null for an object in no account, undefined when the platform does not know it (not cached). */
  async get(platform: string, objectId: string, load: () => Promise<string | null | undefined>): Promise<string | null | undefined> {
    const key = `${platform}:${objectId}`;
    const hit = this.entries.get(key);
    if (hit && hit.until > Date.now()) return hit.owner;
    const owner = await load();
    if (owner !== undefined) {
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { owner, until: Date.now() + this.ttlMs });
    }
    return owner;
  }
}
