// The ledger root: the one entry `init` appends, alone in its own segment, so that the first entry
// of every writer's segment (each clone, each CI shard) can record a head of another segment and be
// placed, even when nothing else was recorded yet. Ledgers written before init recorded a root have
// none; their first segment that starts from nothing plays the same part (references/ledger-format.md).
import type { JsonObject } from './types.ts';

/** The root's segment name; never a writer's (writer segments start with a clone id). */
export const ROOT_SEGMENT = 'root';

export const ROOT_NOTE_TYPE = 'ledger-root';

export function rootBody(ledgerId: string): JsonObject {
  return { type: ROOT_NOTE_TYPE, ledger_id: ledgerId };
}
