// SHA-256 helpers. node:crypto is pure computation, so it is allowed in core.
import { hash } from 'node:crypto';
import { canonicalize } from './shared/canonical.ts';

export function sha256Hex(data: string | Uint8Array): string {
  // One-shot crypto.hash is about 3x faster than createHash for the ledger's many short lines.
  return hash('sha256', data, 'hex');
}

/** sha256 of the RFC 8785 canonical JSON of `value`: whitespace, key order and comments never matter. */
export function digestJson(value: unknown): string {
  return sha256Hex(canonicalize(value));
}
