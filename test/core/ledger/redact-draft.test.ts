// What an entry draft keeps and loses before it is built and signed: typed fields (actor label
// and context, notes, reasons, rationales at any depth) lose secret shapes and the declared
// environment's values; digests, ids, keys and argv are never touched, even when a declared value
// happens to occur inside them.
import { describe, expect, test } from 'vitest';
import { redactionRulesFor } from '../../../scripts/lib/core/gate/select/select-for-flow.ts';
import { redactDraft } from '../../../scripts/lib/core/ledger/redact-draft.ts';
import type { EntryDraft } from '../../../scripts/lib/core/ledger/types.ts';
import type { Plane } from '../../../scripts/lib/core/plane/plane.ts';

const HEX = 'a3f1'.repeat(16);
const TREE = 'b7c9'.repeat(10);
const SIG = Buffer.from('e1'.repeat(64), 'hex').toString('base64');

function draft(note: string, label: string): EntryDraft {
  return {
    kind: 'attest',
    time: '2026-01-01T00:00:00.000Z',
    actor: { label, authority: 'human:alice', context: `local:box ${note}` },
    subject: { tree: TREE, manifest: HEX, registry: HEX },
    body: {
      control: 'privacy',
      status: 'PASS',
      note,
      evidence: HEX,
      nested: { reason: note, digest: HEX, sig: SIG },
      argv: ['node', 'a3f1a3f1'],
    },
  };
}

describe('redactDraft', () => {
  test('typed fields lose shapes and declared values; digests, ids and argv stay', () => {
    const typed = `checked; password=hunter2 AIza${'Sy0-abcdEFGH'.repeat(3).slice(0, 35)} dbpw=a3f1a3f1`;
    const out = redactDraft(draft(typed, 'alice a3f1a3f1'), ['a3f1a3f1']);
    const text = JSON.stringify(out);
    for (const gone of ['hunter2', 'AIzaSy0', 'dbpw=a3f1a3f1', 'alice a3f1a3f1'])
      expect(text).not.toContain(gone);
    expect(out.body['note']).toBe('checked; password=[REDACTED] [REDACTED] dbpw=[REDACTED]');
    expect(out.actor.label).toBe('alice [REDACTED]');
    expect(out.subject).toEqual(draft('', '').subject);
    expect(out.body['evidence']).toBe(HEX);
    expect(out.body['nested']).toEqual({
      reason: out.body['note'],
      digest: HEX,
      sig: SIG,
    });
    expect(out.body['argv']).toEqual(['node', 'a3f1a3f1']);
  });

  test('without secrets, shapes still go', () => {
    const out = redactDraft(draft(`token ghp_${'a1B2c3D4e5'.repeat(3)}abcdef`, 'alice'));
    expect(out.body['note']).toBe('token [REDACTED]');
  });
});

describe('redactionRulesFor', () => {
  const plane = {
    root: '/repo',
    manifest: {
      policies: { evidence: { redact_env: ['DEPLOY_HOOK'] }, env_pass: ['SERVICE_*', 'REGION'] },
    },
    registry: {
      controls: [
        { id: 'db', execution: { type: 'command', argv: ['x'], env: ['MY_DB_PASS'] } },
        { id: 'man', execution: { type: 'manual' } },
      ],
    },
  } as unknown as Plane;

  test('every declared name counts: redact_env, a control env, env_pass names and prefixes', () => {
    const env = {
      MY_DB_PASS: 'hunter2-db',
      DEPLOY_HOOK: 'https://hook.example/x',
      SERVICE_URL: 'https://svc.internal',
      REGION: 'eu-west-9',
      GITHUB_TOKEN: 'tok-123456',
      PATH: '/usr/bin:/bin',
      UNDECLARED: 'stays-visible',
    };
    expect(redactionRulesFor(plane, env).secrets.sort()).toEqual(
      [
        'hunter2-db',
        'https://hook.example/x',
        'https://svc.internal',
        'eu-west-9',
        'tok-123456',
      ].sort(),
    );
  });
});
