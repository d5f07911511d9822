// A table's seed: 32 bytes written as 64 hex digits, and the commitment published at the start.

import { createHash } from "node:crypto";
import { fail, ok, type Result } from "../result";
import { SEED_BYTES } from "./constants";

const SEED_HEX = new RegExp(`^[0-9a-fA-F]{${SEED_BYTES * 2}}$`);

/** The seed's bytes, or a failure saying what a seed must look like. */
export function seedBytes(seedHex: unknown): Result<Uint8Array> {
  if (typeof seedHex !== "string" || !SEED_HEX.test(seedHex)) {
    return fail("invalid", `A seed is ${SEED_BYTES * 2} hex digits (${SEED_BYTES} bytes).`);
  }
  const bytes = new Uint8Array(SEED_BYTES);
  for (let i = 0; i < SEED_BYTES; i++) bytes[i] = parseInt(seedHex.slice(i * 2, i * 2 + 2), 16);
  return ok(bytes);
}

/** Lower-case hex SHA-256 of the given bytes. */
export const sha256Hex = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

/**
 * The commitment of §4: hex SHA-256 of the seed's 32 bytes (not of its hex text), so anyone can check
 * a revealed seed. The seed must be valid (see seedBytes); a malformed one is a caller's bug.
 */
export function commitment(seedHex: string): string {
  const bytes = seedBytes(seedHex);
  if (!bytes.ok) throw new RangeError(bytes.message);
  return sha256Hex(bytes.value);
}
