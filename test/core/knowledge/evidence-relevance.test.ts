import { describe, expect, it } from 'vitest';
import { relevanceOf } from '../../../scripts/lib/core/knowledge/evidence-relevance.ts';

describe('relevanceOf', () => {
  it('accepts an entry whose body names the hypothesis, and a human attestation naming it', () => {
    expect(relevanceOf({ kind: 'note', body: { hypothesis: 'H-0001' } }, 'H-0001')).toBe(
      'names_it',
    );
    const attest = {
      kind: 'attest',
      actor: { authority: 'human:al' },
      body: { note: 'H-0001 ok' },
    };
    expect(relevanceOf(attest, 'H-0001')).toBe('human_attestation');
  });

  it('refuses look-alikes: other ids, prefixes, machine attestations, a green run', () => {
    expect(relevanceOf({ kind: 'note', body: { hypothesis: 'H-0002' } }, 'H-0001')).toBe(
      'unrelated',
    );
    const note = (n: string, authority = 'human:al') => ({
      kind: 'attest',
      actor: { authority },
      body: { note: n },
    });
    expect(relevanceOf(note('H-00012 checked'), 'H-0001')).toBe('unrelated');
    expect(relevanceOf(note('XH-0001 checked'), 'H-0001')).toBe('unrelated');
    expect(relevanceOf(note('H-0001 checked', 'ci:github'), 'H-0001')).toBe('unrelated');
    expect(relevanceOf({ kind: 'run', body: { status: 'PASS', control: 'unit' } }, 'H-0001')).toBe(
      'unrelated',
    );
    expect(relevanceOf('H-0001', 'H-0001')).toBe('unrelated');
  });
});
