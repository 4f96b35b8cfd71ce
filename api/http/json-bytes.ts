/**
 * A large JSON answer (a report page: thousands of rows, megabytes) as bytes, written a slice of a
 * long array at a time into a buffer kept between answers.
 *
 * Why: `JSON.stringify` of a multi-megabyte body returns a string V8 must flatten into one fresh
 * allocation of that size, and the socket write converts it to UTF-8 into another; touching that much
 * fresh memory costs more than the serialising itself. Slices stay small (the young generation,
 * reused at every scavenge) and go straight into a buffer whose pages are already mapped.
 *
 * The bytes are exactly `JSON.stringify(body)`'s: only plain objects and arrays are walked, every
 * other value (and every member of a short array) is stringified as is.
 */

/** An array longer than this is written a slice at a time, and makes its answer large. */
const SLICE = 128;
/** How deep plain objects are looked into (the envelope, its `data`, a page's fields). */
const MAX_DEPTH = 3;
const FIRST_BYTES = 1 << 20;
/** A buffer grown past this is not kept: one outsized answer must not hold its memory for good. */
const KEEP_MAX_BYTES = 16 << 20;
/** Buffers kept for answers in flight at once; a further one allocates its own. */
const KEEP_COUNT = 2;
const COMMA = 0x2c;

const free: Buffer[] = [];

const ownToJson = (v: object) => typeof (v as { toJSON?: unknown }).toJSON === 'function';

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return (proto === Object.prototype || proto === null) && !ownToJson(v);
}

const isLongArray = (v: unknown): v is unknown[] => Array.isArray(v) && v.length > SLICE && !ownToJson(v);
/** What is walked rather than stringified whole. */
const walked = (v: unknown, depth: number): boolean => isLongArray(v) || (depth < MAX_DEPTH && isPlainObject(v));

/** Whether the body holds an array long enough to be written in slices (within MAX_DEPTH plain objects). */
export function hasLongArray(v: unknown, depth = 0): boolean {
  if (isLongArray(v)) return true;
  if (depth >= MAX_DEPTH || !isPlainObject(v)) return false;
  for (const k of Object.keys(v)) if (hasLongArray(v[k], depth + 1)) return true;
  return false;
}

class ByteWriter {
  length = 0;

  constructor(public buf: Buffer) {}

  /** Room for `text` whatever its characters (at most 3 UTF-8 bytes per UTF-16 unit). */
  private room(chars: number): void {
    const need = this.length + chars * 3;
    if (need <= this.buf.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(need, this.buf.length * 2));
    this.buf.copy(grown, 0, 0, this.length);
    this.buf = grown;
  }

  text(s: string): void {
    this.room(s.length);
    this.length += this.buf.write(s, this.length, 'utf8');
  }

  /** A JSON array's text appended to the array being written: its `[` becomes the `,` after the last `]`'s place. */
  continueArray(s: string): void {
    this.length--;
    const at = this.length;
    this.text(s);
    this.buf[at] = COMMA;
  }
}

/** A walked value (see `walked`). */
function writeWalked(out: ByteWriter, v: unknown, depth: number): void {
  if (isLongArray(v)) writeLongArray(out, v);
  else writeObject(out, v as Record<string, unknown>, depth);
}

function writeLongArray(out: ByteWriter, a: readonly unknown[]): void {
  out.text(JSON.stringify(a.slice(0, SLICE)));
  for (let i = SLICE; i < a.length; i += SLICE) out.continueArray(JSON.stringify(a.slice(i, i + SLICE)));
}

/** A member's value is stringified as JSON.stringify would in place (its toJSON, if any, hears '' for the key). */
function writeObject(out: ByteWriter, o: Record<string, unknown>, depth: number): void {
  out.text('{');
  let first = true;
  for (const k of Object.keys(o)) {
    const v = o[k];
    const walk = walked(v, depth + 1);
    const text = walk ? undefined : (JSON.stringify(v) as string | undefined);
    // What JSON.stringify leaves out of an object: a member whose value has no JSON text.
    if (!walk && text === undefined) continue;
    out.text(first ? `${JSON.stringify(k)}:` : `,${JSON.stringify(k)}:`);
    first = false;
    if (walk) writeWalked(out, v, depth + 1);
    else out.text(text!);
  }
  out.text('}');
}

/**
 * `JSON.stringify(body)` as UTF-8 bytes in a kept buffer; `release` hands the buffer back once the
 * answer has been written out (never while the socket may still read from it).
 */
export function jsonBytes(body: unknown): { bytes: Buffer; release: () => void } {
  const out = new ByteWriter(free.pop() ?? Buffer.allocUnsafeSlow(FIRST_BYTES));
  if (walked(body, 0)) writeWalked(out, body, 0);
  else out.text(JSON.stringify(body));
  const buf = out.buf;
  return {
    bytes: buf.subarray(0, out.length),
    release: () => {
      if (buf.length <= KEEP_MAX_BYTES && free.length < KEEP_COUNT) free.push(buf);
    },
  };
}
