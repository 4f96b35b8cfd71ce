const REDACTED = '[REDACTED]';

/**
 * The answer serialized once: its size, and every occurrence of a credential replaced. Platforms
 * echo tokens in places no rule foresees (links, debug fields), so the whole text is searched.
 */
export function scrubCredentials(body: unknown, secrets: readonly (string | undefined)[]): { value: unknown; size: number; redacted: boolean } {
  if (body === undefined) return { value: body, size: 0, redacted: false };
  let text = JSON.stringify(body);
  let redacted = false;
  for (const secret of secrets) {
    // A short string could match innocent text; every platform token is far longer.
    if (!secret || secret.length < 8) continue;
    const forms = new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)]);
    for (const form of forms) {
      if (!text.includes(form)) continue;
      text = text.split(form).join(REDACTED);
      redacted = true;
    }
  }
  return { value: redacted ? JSON.parse(text) : body, size: Buffer.byteLength(text), redacted };
}
