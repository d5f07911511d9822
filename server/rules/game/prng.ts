// The deal's PRNG: SHA-256 in counter mode, so a seed always gives the same stream on any machine.

import { createHash } from "node:crypto";

/** Uniform whole numbers drawn from a seed, in order; `int(n)` is in 0..n-1. */
export type Stream = { int(n: number): number };

const BLOCK_BYTES = 32;
const WORD_BYTES = 4;
const WORD_RANGE = 2 ** 32;

/**
 * Block k of the stream is SHA-256(seed ‖ k as 4 bytes big-endian), k = 0, 1, 2, …; each block is read
 * as eight unsigned 32-bit big-endian words, in order. `int(n)` draws words and rejects those at or above
 * the largest multiple of n below 2^32 (so every value is equally likely), then returns word mod n.
 * Draws continue from where the last one stopped; nothing is ever skipped or re-used.
 */
export function streamFrom(seed: Uint8Array): Stream {
  let counter = 0;
  let block = new Uint8Array(0);
  let offset = BLOCK_BYTES;

  const nextWord = (): number => {
    if (offset >= BLOCK_BYTES) {
      const counterBytes = new Uint8Array(WORD_BYTES);
      new DataView(counterBytes.buffer).setUint32(0, counter++);
      block = new Uint8Array(createHash("sha256").update(seed).update(counterBytes).digest());
      offset = 0;
    }
    const word = new DataView(block.buffer, block.byteOffset).getUint32(offset);
    offset += WORD_BYTES;
    return word;
  };

  return {
    int(n: number): number {
      const limit = WORD_RANGE - (WORD_RANGE % n);
      for (;;) {
        const word = nextWord();
        if (word < limit) return word % n;
      }
    },
  };
}
