// A change of what a control reaches is a change of its definition: folded into the definition
// changes, described by file and value, and approved only by an approval that names the reach now.
import { describe, expect, test } from 'vitest';
import { unapprovedChanges } from '../../../scripts/lib/core/gate/claim/definition-approval.ts';
import {
  definitionDigest,
  describeChange,
  diffDefinitions,
  withReachChanges,
} from '../../../scripts/lib/core/gate/claim/definition-diff.ts';
import type { Manifest } from '../../../scripts/lib/core/plane/types.ts';
import { approvalNote, commandControl } from '../../helpers/definition-fixture.ts';

const manifest = {
  authorities: [
    { id: 'virtual:release-owner', kind: 'virtual', stages: ['release_authority'] },
    { id: 'agent:bot', kind: 'agent', stages: ['release_authority'] },
  ],
} as unknown as Manifest;

const tests = commandControl('tests', ['npm', 'test']);
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
    const plain = approvalNote('virtual:release-owner', [{ control: 'tests', digest }]);
    const other = approvalNote('virtual:release-owner', [
      { control: 'tests', digest, reach: 'r0' },
    ]);
    expect(unapprovedChanges(changes, [plain, other], manifest)).toHaveLength(1);
    const byAgent = approvalNote('agent:bot', [{ control: 'tests', digest, reach: 'r1' }]);
    expect(unapprovedChanges(changes, [byAgent], manifest)).toHaveLength(1);
    const right = approvalNote('virtual:release-owner', [
      { control: 'tests', digest, reach: 'r1' },
    ]);
    expect(unapprovedChanges(changes, [right], manifest)).toEqual([]);
  });

  test('a changed argv and a moved reach are one change; added controls keep theirs', () => {
    const now = commandControl('tests', ['npm', 'run', 'unit']);
    const changes = withReachChanges(
      diffDefinitions([tests], [now, commandControl('new', ['make'])]),
      [moved, { ...moved, control: 'new' }],
      [now, commandControl('new', ['make'])],
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
