// Plain values the definition-approval tests build on: a command control and an approval note.
import type { StoredEntry } from '../../scripts/lib/core/ledger/types.ts';
import type { Control } from '../../scripts/lib/core/plane/types.ts';

/** A command control required from prototype, owned by virtual:developer. */
export function commandControl(id: string, argv: string[]): Control {
  return {
    id,
    title: id,
    owner: 'virtual:developer',
    requirements: [],
    risks: [],
    applies: { value: true },
    required_from_maturity: 'prototype',
    execution: { type: 'command', argv },
    evidence_required: [],
  };
}

/** A stored `definition_approval` note signed off by `authority`. */
export function approvalNote(authority: string, approvals: unknown): StoredEntry {
  return {
    hash: 'h',
    entry: {
      kind: 'note',
      actor: { label: 'x', authority, context: 'c' },
      body: { type: 'definition_approval', approvals },
    },
  } as unknown as StoredEntry;
}
