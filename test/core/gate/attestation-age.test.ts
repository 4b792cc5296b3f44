// Attestation age: the earlier of the entry's date and its first commit starts it; "now" is never
// before HEAD's commit; the control's maximum age caps any expiry the entry carries.
import { describe, expect, it } from 'vitest';
import { measureAttestation } from '../../../scripts/lib/core/gate/status/attestation-age.ts';

const DAY = 86_400_000;
const at = (iso: string): Date => new Date(iso);

describe('measureAttestation', () => {
  it('caps an expiry written beyond the maximum age (a hand-written body)', () => {
    const age = measureAttestation(
      { hash: 'h', time: '2026-01-01T00:00:00.000Z', expires: '2099-01-01T00:00:00.000Z' },
      30,
      at('2026-01-02T00:00:00.000Z'),
      undefined,
    );
    expect(age.expires?.toISOString()).toBe(
      new Date(Date.parse('2026-01-01') + 30 * DAY).toISOString(),
    );
  });

  it('counts from the first commit when the entry is dated after it', () => {
    const age = measureAttestation(
      { hash: 'h', time: '2099-01-01T00:00:00.000Z' },
      30,
      at('2099-01-02T00:00:00.000Z'),
      { committedAt: new Map([['h', at('2026-01-01T00:00:00.000Z')]]) },
    );
    expect(age.since.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(age.expires!.getTime()).toBeLessThan(age.now.getTime());
  });

  it('an uncommitted entry dated ahead of the clock counts from the clock', () => {
    const age = measureAttestation(
      { hash: 'h', time: '2099-01-01T00:00:00.000Z' },
      30,
      at('2026-01-01T00:00:00.000Z'),
      { committedAt: new Map() },
    );
    expect(age.since.toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it("raises now to HEAD's commit time when the clock is behind it", () => {
    const age = measureAttestation(
      { hash: 'h', time: '2026-01-01T00:00:00.000Z' },
      30,
      at('2026-01-02T00:00:00.000Z'),
      { committedAt: new Map(), headTime: at('2026-06-01T00:00:00.000Z') },
    );
    expect(age.now.toISOString()).toBe('2026-06-01T00:00:00.000Z');
  });

  it('without a maximum age only the entry expiry limits it; without either nothing does', () => {
    const clock = at('2026-01-02T00:00:00.000Z');
    expect(
      measureAttestation(
        { hash: 'h', time: '2026-01-01T00:00:00.000Z' },
        undefined,
        clock,
        undefined,
      ).expires,
    ).toBeUndefined();
    expect(
      measureAttestation(
        { hash: 'h', time: '2026-01-01T00:00:00.000Z', expires: '2026-03-01T00:00:00.000Z' },
        undefined,
        clock,
        undefined,
      ).expires?.toISOString(),
    ).toBe('2026-03-01T00:00:00.000Z');
  });
});
