// An object store that keeps what it is given in memory: for a run that checks and records nothing
// (the Stop hook's rerun), whose output must not land in the evidence directory as objects no
// ledger line names.
import { sha256Hex } from '../hash.ts';
import type { ObjectStore } from './types.ts';

export function memoryObjectStore(): ObjectStore {
  const held = new Map<string, Uint8Array>();
  return {
    put: (data) => {
      const digest = sha256Hex(data);
      held.set(digest, data);
      return Promise.resolve(digest);
    },
    get: (digest) => Promise.resolve(held.get(digest)),
    has: (digest) => Promise.resolve(held.has(digest)),
  };
}
