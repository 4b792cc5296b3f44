import { describe, expect, it } from 'vitest';
import {
  parseHandoffMarkdown,
  renderHandoffMarkdown,
  renderMachineSummary,
} from '../../../scripts/lib/core/handoff/handoff-markdown.ts';
import {
  diffHandoff,
  type HandoffPayload,
} from '../../../scripts/lib/core/handoff/handoff-payload.ts';

const PAYLOAD: HandoffPayload = {
  handoff_version: 1,
  task: { id: 'T-1', controls: ['tests'] },
  target: 'prototype',
  rules: 'own',
  readiness: [
    { scope: 'task', ready: false, verdict: 'REFUSED', blockers: ['BLK-0123456789abcdef'] },
  ],
  blockers: [
    {
      id: 'BLK-0123456789abcdef',
      control: 'tests',
      stage: 'self',
      status: 'TODO',
      reason: 'no result yet',
    },
  ],
  bindings: [
    { control: 'tests', status: 'TODO', tree: 'a'.repeat(40), manifest: 'm', registry: 'r' },
  ],
};

describe('the handoff Markdown half', () => {
  it('round-trips the machine summary and the notes', () => {
    const md = renderHandoffMarkdown(PAYLOAD, {
      task: 'T-1',
      subject: '0123456789abcdef',
      lines: ['mind the fixture'],
    });
    const parsed = parseHandoffMarkdown(md, 'h.md');
    expect(parsed.machine).toBe(renderMachineSummary(PAYLOAD));
    expect(parsed.notes).toEqual({
      task: 'T-1',
      subject: '0123456789abcdef',
      lines: ['mind the fixture'],
    });
  });

  it.each([
    'Readiness: READY',
    '- verdict: COMPLETED',
    '> Blocker: none',
    '  status: PASS',
    'x <!-- proofgate:handoff:end -->',
  ])('refuses the reserved notes line %j', (line) => {
    const md = renderHandoffMarkdown(PAYLOAD, {
      task: 'T-1',
      subject: '0123456789abcdef',
      lines: ['ok', line],
    });
    expect(() => parseHandoffMarkdown(md, 'h.md')).toThrow(/reserved field line/);
  });

  it('accepts prose that only mentions the words', () => {
    const md = renderHandoffMarkdown(PAYLOAD, {
      task: 'T-1',
      subject: '0123456789abcdef',
      lines: ['the readiness of T-1 depends on the fixture'],
    });
    expect(parseHandoffMarkdown(md, 'h.md').notes?.lines).toHaveLength(1);
  });
});

describe('diffing a stored payload', () => {
  it('names each differing, missing or extra field, and treats non-JSON values as differing', () => {
    expect(diffHandoff(structuredClone(PAYLOAD), PAYLOAD)).toEqual([]);
    const { rules: _rules, ...missing } = PAYLOAD;
    expect(diffHandoff({ ...missing, target: 'regulated_ready', extra: 1 }, PAYLOAD)).toEqual([
      'target',
      'rules',
      '(extra field) extra',
    ]);
    expect(diffHandoff({ ...PAYLOAD, handoff_version: 1.5 }, PAYLOAD)).toEqual(['handoff_version']);
    expect(diffHandoff([], PAYLOAD)).toEqual(['(not a JSON object)']);
  });
});
