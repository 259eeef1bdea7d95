/** Output is handed on in pieces of this many bytes (more only for a single larger write). */
export const PIECE = 256 * 1024;

/**
 * A byte stream written in place into buffers of PIECE bytes; full ones wait in `ready` to be
 * handed on. Writers reserve room and write into `buffer` at `used` themselves, or add text.
 */
export class Pieces {
  buffer = Buffer.allocUnsafe(PIECE);
  used = 0;
  /** Bytes handed on to `ready` so far. */
  taken = 0;
  readonly ready: Buffer[] = [];

  /** Room for `bytes` more at `used`: a full buffer goes to `ready` and a fresh one begins. */
  reserve(bytes: number): void {
    if (this.used + bytes <= this.buffer.length) return;
    this.flush();
    if (bytes > this.buffer.length) this.buffer = Buffer.allocUnsafe(bytes);
  }

  /** Writes text as UTF-8 (at most 3 bytes per UTF-16 unit). */
  text(text: string): void {
    this.reserve(text.length * 3);
    this.used += this.buffer.write(text, this.used);
  }

  /** Writes bytes as they are. */
  bytes(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.buffer.set(bytes, this.used);
    this.used += bytes.length;
  }

  /** Moves what is written to `ready`. */
  flush(): void {
    if (this.used === 0) return;
    this.ready.push(this.buffer.subarray(0, this.used));
    this.taken += this.used;
    this.buffer = Buffer.allocUnsafe(PIECE);
    this.used = 0;
  }
}
