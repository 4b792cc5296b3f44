// Per-entry rules that need nothing but the entry and the verifier's environment: the entry's time
// against the verifier's clock, and its evidence objects against the object store.
import type { Report } from './verify-chain.ts';
import type { LedgerEntry } from './types.ts';
import type { ObjectState } from './verify-stream-types.ts';

/** How far an entry's time may run ahead of the verifier's clock (clocks drift a little). */
const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

/**
 * The latest entry time a verifier whose clock reads `now` accepts, as ISO text: entry times are
 * fixed-width ISO strings (parseEntry), so text order is time order. Past year 9999 (where
 * toISOString adds a sign) every entry time is earlier.
 */
export function latestAllowedTime(now: Date): string {
  const limit = new Date(now.getTime() + MAX_CLOCK_SKEW_MS).toISOString();
  return limit.startsWith('+') ? '\uffff' : limit;
}

/** An entry dated after the verifier's present was written with a wrong or forged clock. */
export function checkTime(
  entry: LedgerEntry,
  now: { date: Date; latest: string } | undefined,
  report: Report,
): void {
  if (now === undefined) return;
  if (entry.time > now.latest) {
    report(
      'TIME_IN_FUTURE',
      `entry dated ${entry.time}, after the verifier's clock ${now.date.toISOString()} (more than ${MAX_CLOCK_SKEW_MS / 60000} min skew): its writer's clock was wrong or set (PROOFGATE_NOW)`,
    );
  }
}

/** Every evidence object an entry references must exist and re-hash to its name. */
export function checkObjects(
  entry: LedgerEntry,
  objectState: (digest: string) => ObjectState,
  report: Report,
): void {
  entry.storage.objects.forEach((digest, i) => {
    const state = objectState(digest);
    if (state === 'missing') {
      report(
        'OBJECT_MISSING',
        `evidence object ${digest.slice(0, 12)}… is missing from evidence/objects`,
        i,
      );
    } else if (state === 'corrupt') {
      report(
        'OBJECT_CORRUPT',
        `evidence object ${digest.slice(0, 12)}… does not re-hash to its name`,
        i,
      );
    }
  });
}
