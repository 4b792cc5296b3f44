import { describe, expect, test } from 'vitest';
import type { JsonObject } from '../../../scripts/lib/core/ledger/types.ts';
import {
  parseAttestBody,
  parseAuditBody,
  parseClaimBody,
  parseRunBody,
} from '../../../scripts/lib/core/gate/entries/parse-body.ts';

const hex = 'a'.repeat(64);
const run: JsonObject = {
  control: 'T.unit',
  stage: 'self',
  status: 'PASS',
  execution: 'command',
  argv: ['npm', 'test'],
  exit_code: 0,
  duration_ms: 12,
  timed_out: false,
  raw_sha256: hex,
  raw_bytes: 3,
  review: hex,
  truncated: false,
  authorizations: [],
};

describe('parseRunBody', () => {
  test('reads a well-formed body', () => {
    expect(parseRunBody(run)).toMatchObject({ control: 'T.unit', status: 'PASS', exit_code: 0 });
  });
  test.each<[string, JsonObject]>([
    ['a float duration', { ...run, duration_ms: 1.5 }],
    ['a negative byte count', { ...run, raw_bytes: -1 }],
    ['an unknown status', { ...run, status: 'OK' }],
    ['an uppercase digest', { ...run, review: hex.toUpperCase() }],
    ['a stage other than self', { ...run, stage: 'cross' }],
    ['BLOCKED without a blocker', { ...run, status: 'BLOCKED' }],
    ['a blocker on a PASS', { ...run, blocker: { kind: 'environment', detail: 'x', rerun: 'y' } }],
    ['an unknown authorization', { ...run, authorizations: ['root'] }],
    ['a missing control', { ...run, control: null }],
  ])('rejects %s', (_name, body) => {
    expect(parseRunBody(body)).toBeUndefined();
  });
});

describe('other bodies', () => {
  test('audit needs a hex reviewed hash and a known agreement', () => {
    const audit: JsonObject = {
      control: 'T',
      stage: 'cross',
      reviewed: hex,
      reviewed_status: 'PASS',
      status: 'PASS',
      agreement: 'agree',
      differences: [],
    };
    expect(parseAuditBody(audit)).toBeDefined();
    expect(parseAuditBody({ ...audit, agreement: 'waived' })).toBeUndefined();
    expect(parseAuditBody({ ...audit, stage: 'self' })).toBeUndefined();
  });
  test('attest accepts only PASS/FAIL and ISO expiry', () => {
    const attest: JsonObject = {
      control: 'T',
      status: 'PASS',
      note: 'n',
      expires: '2026-01-01T00:00:00.000Z',
    };
    expect(parseAttestBody(attest)).toBeDefined();
    expect(parseAttestBody({ ...attest, status: 'BLOCKED' })).toBeUndefined();
    expect(parseAttestBody({ ...attest, expires: 'tomorrow' })).toBeUndefined();
    // standing is `true` or absent: any other value is a body that never satisfies a control
    expect(parseAttestBody({ ...attest, standing: true })).toMatchObject({ standing: true });
    expect(parseAttestBody({ ...attest, standing: 'yes' })).toBeUndefined();
    expect(parseAttestBody({ ...attest, standing: false })).toBeUndefined();
    expect(parseAttestBody(attest)).not.toHaveProperty('standing');
  });
  test('claim stages must be known stages', () => {
    const claim: JsonObject = {
      scope: 'task',
      outcome: 'COMPLETED',
      controls: ['T'],
      maturity: 'prototype',
      stages: { self: { authorities: ['a'], contexts: ['c'], keyids: [] } },
      supporting: [hex],
    };
    expect(parseClaimBody(claim)).toBeDefined();
    expect(
      parseClaimBody({
        ...claim,
        stages: { selfie: { authorities: [], contexts: [], keyids: [] } },
      }),
    ).toBeUndefined();
  });
});
