// A change of what a control reaches is a change of its definition: folded into the definition
// changes, described by file and value, and approved only by an approval that names the reach now.
import { describe, expect, test } from 'vitest';
import {
  definitionDigest,
  describeChange,
  diffDefinitions,
  unapprovedChanges,
  withReachChanges,
} from '../../../scripts/lib/core/gate/claim/definition-approval.ts';
import type { StoredEntry } from '../../../scripts/lib/core/ledger/types.ts';
import type { Control, Manifest } from '../../../scripts/lib/core/plane/types.ts';

function control(id: string, argv: string[]): Control {
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

const manifest = {
  authorities: [
    { id: 'virtual:release-owner', kind: 'virtual', stages: ['release_authority'] },
    { id: 'agent:bot', kind: 'agent', stages: ['release_authority'] },
  ],
} as unknown as Manifest;

function approval(authority: string, approvals: unknown): StoredEntry {
  return {
    hash: 'h',
    entry: {
      kind: 'note',
      actor: { label: 'x', authority, context: 'c' },
      body: { type: 'definition_approval', approvals },
    },
  } as unknown as StoredEntry;
}

const tests = control('tests', ['npm', 'test']);
const moved = {
  control: 'tests',
  lines: ["package.json scripts.test: 'node --test test/' → 'node -e 0'"],
  reach: 'r1',
};

describe('reach changes', () => {
  test('a control whose only change is its reach is a changed definition, named by file', () => {
    const changes = withReachChanges(diffDefinitions([tests], [tests]), [moved], [tests]);
    expect(changes).toHaveLength(1);
    expect(changes[0]?.change).toBe('changed');
    expect(describeChange(changes[0]!)).toBe(
      "tests changed what it runs: package.json scripts.test: 'node --test test/' → 'node -e 0'",
    );
    expect(changes[0]?.digest).not.toBe(definitionDigest(tests));
  });

  test('an approval of the definition alone, or of another reach, does not approve it', () => {
    const changes = withReachChanges([], [moved], [tests]);
    const digest = definitionDigest(tests);
    const plain = approval('virtual:release-owner', [{ control: 'tests', digest }]);
    const other = approval('virtual:release-owner', [{ control: 'tests', digest, reach: 'r0' }]);
    expect(unapprovedChanges(changes, [plain, other], manifest)).toHaveLength(1);
    const byAgent = approval('agent:bot', [{ control: 'tests', digest, reach: 'r1' }]);
    expect(unapprovedChanges(changes, [byAgent], manifest)).toHaveLength(1);
    const right = approval('virtual:release-owner', [{ control: 'tests', digest, reach: 'r1' }]);
    expect(unapprovedChanges(changes, [right], manifest)).toEqual([]);
  });

  test('a changed argv and a moved reach are one change; added controls keep theirs', () => {
    const now = control('tests', ['npm', 'run', 'unit']);
    const changes = withReachChanges(
      diffDefinitions([tests], [now, control('new', ['make'])]),
      [moved, { ...moved, control: 'new' }],
      [now, control('new', ['make'])],
    );
    expect(changes.map((c) => [c.control, c.change, c.reach?.length])).toEqual([
      ['new', 'added', undefined],
      ['tests', 'changed', 1],
    ]);
    expect(describeChange(changes[1]!)).toMatch(
      /^tests changed \["npm","test"\] -> \["npm","run","unit"\]; what it runs: package\.json/,
    );
  });

  test('what could not be resolved is named with the fix', () => {
    const unresolved = [{ what: 'package.json', why: 'is not valid JSON', fix: 'fix it' }];
    const [change] = withReachChanges([], [{ ...moved, unresolved }], [tests]);
    expect(describeChange(change!)).toMatch(/unresolved: package\.json is not valid JSON: fix it$/);
  });
});
