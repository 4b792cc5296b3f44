// How long an attestation stays current, measured so that neither the writer's clock nor the
// verifier's alone decides. Its age counts from the earlier of its own date and the commit that
// first contained it (a forward-dated line cannot start its life later than it was committed), and
// "now" is never earlier than HEAD's commit (a verifier clock set back cannot revive an old one).
// The control's maximum age caps whatever expiry the entry itself carries.

export interface AttestationHistory {
  /** Entry hash → committer time of the commit that first contained the line; absent: uncommitted. */
  committedAt: ReadonlyMap<string, Date>;
  /** Committer time of HEAD, when there is a commit. */
  headTime?: Date;
}

export interface AttestationAge {
  /** The instant the attestation stops counting, or undefined when nothing limits it. */
  expires: Date | undefined;
  /** The verifier's "now", raised to HEAD's commit time when the clock is behind it. */
  now: Date;
  /** The age is counted from this instant (for the reason). */
  since: Date;
}

const DAY_MS = 86_400_000;

export function measureAttestation(
  attestation: { hash: string; time: string; expires?: string | undefined },
  maxAgeDays: number | undefined,
  clock: Date,
  history: AttestationHistory | undefined,
): AttestationAge {
  const head = history?.headTime;
  const now = head !== undefined && head.getTime() > clock.getTime() ? head : clock;
  const written = Date.parse(attestation.time);
  // Uncommitted: written no later than now.
  const committed = history?.committedAt.get(attestation.hash)?.getTime() ?? now.getTime();
  const since = new Date(Math.min(Number.isNaN(written) ? committed : written, committed));
  const limits: number[] = [];
  if (attestation.expires !== undefined) limits.push(Date.parse(attestation.expires));
  if (maxAgeDays !== undefined) limits.push(since.getTime() + maxAgeDays * DAY_MS);
  const valid = limits.filter((t) => !Number.isNaN(t));
  return {
    expires: valid.length === 0 ? undefined : new Date(Math.min(...valid)),
    now,
    since,
  };
}
