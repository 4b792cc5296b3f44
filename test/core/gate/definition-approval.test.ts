import { describe, expect, test } from 'vitest';
import {
  approvedDefinitions,
  unapprovedChanges,
  withDefinitionApprovals,
} from '../../../scripts/lib/core/gate/claim/definition-approval.ts';
import {
  definitionDigest,
  diffDefinitions,
  removalDigest,
} from '../../../scripts/lib/core/gate/claim/definition-diff.ts';
import type { ClaimDecision } from '../../../scripts/lib/core/gate/claim/decide-claim.ts';
import type { StoredEntry } from '../../../scripts/lib/core/ledger/types.ts';
import type { Control, Manifest } from '../../../scripts/lib/core/plane/types.ts';
import { approvalNote, commandControl } from '../../helpers/definition-fixture.ts';

const manifest = {
  authorities: [
    { id: 'virtual:developer', kind: 'virtual', stages: ['self'] },
    { id: 'virtual:release-owner', kind: 'virtual', stages: ['release_authority'] },
    { id: 'agent:bot', kind: 'agent', stages: ['release_authority'] },
  ],
} as unknown as Manifest;

describe('changed definitions', () => {
  const build = commandControl('build', ['sh', '-c', 'exit 0']);
  const base = [
    commandControl('build', ['npm', 'test']),
    commandControl('lint', ['npm', 'run', 'lint']),
    commandControl('same', ['make']),
  ];
  const current = [build, commandControl('same', ['make']), commandControl('new', ['make', 'new'])];
  const changes = diffDefinitions(base, current);

  test('lists added, changed and removed controls, not unchanged ones', () => {
    expect(changes.map((c) => [c.control, c.change])).toEqual([
      ['build', 'changed'],
      ['lint', 'removed'],
      ['new', 'added'],
    ]);
    expect(changes[0]).toMatchObject({ before: ['npm', 'test'], after: ['sh', '-c', 'exit 0'] });
    expect(changes[0]!.digest).toBe(definitionDigest(build));
    expect(changes[1]!.digest).toBe(removalDigest('lint'));
  });

  test('only a non-agent release authority approves, and only the exact digest', () => {
    const entries = [
      approvalNote('virtual:developer', [{ control: 'build', digest: changes[0]!.digest }]),
      approvalNote('agent:bot', [{ control: 'build', digest: changes[0]!.digest }]),
      approvalNote('virtual:release-owner', [{ control: 'new', digest: 'f'.repeat(64) }]),
      approvalNote('virtual:release-owner', [{ control: 'lint', digest: removalDigest('lint') }]),
      approvalNote('virtual:release-owner', 'not a list'),
    ];
    expect(unapprovedChanges(changes, entries, manifest).map((c) => c.control)).toEqual([
      'build',
      'new',
    ]);
    expect(approvedDefinitions(entries, manifest).size).toBe(2);
  });

  test('refuses project claims with a blocker per unapproved change; task claims pass through', () => {
    const granted: ClaimDecision = {
      granted: true,
      verdict: 'COMPLETED',
      scope: 'project',
      target: 'prototype',
      stages: ['self'],
      blockers: [],
      body: {} as ClaimDecision['body'] & object,
    };
    const report = {
      base: 'main',
      changes: changes.map((c) => ({ ...c, approved: c.control === 'lint' })),
    };
    const refused = withDefinitionApprovals(granted, report, manifest);
    expect(refused.granted).toBe(false);
    expect(refused.body).toBeUndefined();
    expect(refused.blockers.map((b) => [b.control, b.stage])).toEqual([
      ['build', 'release_authority'],
      ['new', 'release_authority'],
    ]);
    expect(refused.blockers[0]!.next).toBe(
      'proofgate authority approve --control build --control new --authority-id virtual:release-owner',
    );
    expect(withDefinitionApprovals({ ...granted, scope: 'task' }, report, manifest)).toMatchObject({
      granted: true,
    });
  });

  test("a task claim is refused by its own controls' changes and by changed outputs, not by others", () => {
    const task: ClaimDecision = {
      granted: true,
      verdict: 'COMPLETED',
      scope: 'task',
      target: 'prototype',
      stages: ['self'],
      blockers: [],
    };
    const report = { base: 'main', changes: changes.map((c) => ({ ...c, approved: false })) };
    expect(withDefinitionApprovals(task, report, manifest, ['same']).granted).toBe(true);
    const own = withDefinitionApprovals(task, report, manifest, ['build']);
    expect(own.blockers.map((b) => b.control)).toEqual(['build']);
    const outputs = diffDefinitions(
      [commandControl('same', ['make'])],
      [
        { ...commandControl('same', ['make']) },
        { ...commandControl('gen', ['make']), outputs: ['src/**'] },
      ],
    );
    expect(outputs).toMatchObject([{ control: 'gen', change: 'added', touchesSubject: true }]);
    const hidden = { base: 'main', changes: outputs.map((c) => ({ ...c, approved: false })) };
    expect(withDefinitionApprovals(task, hidden, manifest, ['same']).granted).toBe(false);
  });

  test('what decides a verdict is compared: inputs, outputs, applicability and maturity, not the title', () => {
    const same = commandControl('same', ['make']);
    const changed = (patch: Partial<Control>) =>
      diffDefinitions([same], [{ ...same, ...patch }]).map((c) => c.change);
    expect(changed({ title: 'renamed' })).toEqual([]);
    expect(changed({ inputs: ['src/**'] })).toEqual(['changed']);
    expect(changed({ required_from_maturity: 'production_ready' })).toEqual(['changed']);
    expect(
      changed({ applies: { value: false, owner: 'virtual:developer', rationale: 'not needed' } }),
    ).toEqual(['changed']);
  });

  test('a change to the evidence a result must carry is a definition change; the owner is not', () => {
    const same = commandControl('same', ['make']);
    const changed = (patch: Partial<Control>) =>
      diffDefinitions([same], [{ ...same, ...patch }]).map((c) => c.change);
    expect(changed({ evidence_required: ['coverage report'] })).toEqual(['changed']);
    expect(changed({ owner: 'virtual:someone-else' })).toEqual([]);
    // Dropping a required piece of evidence is as much a change as adding one.
    const strict = { ...same, evidence_required: ['exit code 0', 'output digest'] };
    expect(
      diffDefinitions([strict], [{ ...strict, evidence_required: ['exit code 0'] }]).map(
        (c) => c.change,
      ),
    ).toEqual(['changed']);
    // A base registry written before the field existed compares as "no evidence named".
    const { evidence_required: _dropped, ...older } = same;
    expect(diffDefinitions([older], [same])).toEqual([]);
  });

  test('with signatures required, or a keyed approver, only an approval signed by the approver key registered in the manifest counts', () => {
    const keyed = {
      authorities: [
        {
          id: 'virtual:release-owner',
          kind: 'virtual',
          stages: ['release_authority'],
          keys: [{ keyid: 'k1', public_key: 'p', added: 't' }],
        },
      ],
    } as unknown as Manifest;
    const signedBy = (keyid: string | undefined): StoredEntry => {
      const entry = approvalNote('virtual:release-owner', [
        { control: 'build', digest: changes[0]!.digest },
      ]);
      return {
        ...entry,
        entry: { ...entry.entry, actor: { ...entry.entry.actor, ...(keyid ? { keyid } : {}) } },
      };
    };
    expect(approvedDefinitions([signedBy(undefined)], keyed, true).size).toBe(0);
    expect(approvedDefinitions([signedBy('k2')], keyed, true).size).toBe(0);
    expect(approvedDefinitions([signedBy('k1')], keyed, true).size).toBe(1);
    // An approval is a decision in the approver's name: a keyed approver must sign at any maturity.
    expect(approvedDefinitions([signedBy(undefined)], keyed).size).toBe(0);
    expect(approvedDefinitions([signedBy('k1')], keyed).size).toBe(1);
  });

  test('keys apply forward: an unsigned approval written before the approver key entry counts unsigned, never as signed', () => {
    const keyed = {
      authorities: [
        {
          id: 'virtual:release-owner',
          kind: 'virtual',
          stages: ['release_authority'],
          keys: [{ keyid: 'k1', public_key: 'p', added: 't' }],
        },
      ],
    } as unknown as Manifest;
    const at = (stored: StoredEntry, hash: string, line: number): StoredEntry =>
      ({
        ...stored,
        hash,
        line,
        file: 's.jsonl',
        entry: { ...stored.entry, segment: 's', storage: { heads: {} } },
      }) as unknown as StoredEntry;
    const unsigned = at(
      approvalNote('virtual:release-owner', [{ control: 'build', digest: changes[0]!.digest }]),
      'a1',
      2,
    );
    const key = (authority: string, line: number): StoredEntry =>
      at(
        {
          hash: '',
          entry: { kind: 'key', actor: { label: 'x', authority, context: 'c', keyid: 'k1' } },
        } as unknown as StoredEntry,
        `k-${authority}-${line}`,
        line,
      );
    // The key entry came after the approval: it counts, as unsigned, where unsigned counts.
    expect(approvedDefinitions([unsigned, key('virtual:release-owner', 3)], keyed).size).toBe(1);
    expect(approvedDefinitions([unsigned, key('virtual:release-owner', 3)], keyed, true).size).toBe(
      0,
    );
    // A key entry before it (the approval was written after the key), or another authority's key
    // entry after it, does not date it before the approver's key.
    expect(approvedDefinitions([key('virtual:release-owner', 1), unsigned], keyed).size).toBe(0);
    expect(approvedDefinitions([unsigned, key('virtual:developer', 3)], keyed).size).toBe(0);
  });
});
