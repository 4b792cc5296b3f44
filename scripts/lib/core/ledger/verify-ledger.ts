// The ledger verifier over a ledger already in memory (the gate, report and seal read it whole):
// the same streaming rules as `verify`, fed from a parsed ledger, with signatures checked in place.
import { sha256Hex } from '../hash.ts';
import type { Authority } from '../shared/authority.ts';
import type { BaseComparison } from './compare-base.ts';
import type { TrustedLines } from './ledger-index.ts';
import { decodeLine } from './parse-ledger.ts';
import type { ParsedLedger } from './parse-ledger.ts';
import { runSignatureJob } from './verify-signatures.ts';
import { LedgerVerifier } from './verify-stream.ts';
import type { ObjectState, VerifyLedgerResult } from './verify-stream.ts';
import { keptObjects } from './keyless.ts';
import type { KeylessJob } from './keyless.ts';
import type { LocatedEntry } from './types.ts';

export type { ObjectState, VerifyLedgerResult } from './verify-stream.ts';

export interface VerifyLedgerInput {
  parsed: ParsedLedger;
  ledgerId: string;
  authorities: readonly Authority[];
  /** Manifest path relative to the root, for key registry errors. */
  manifestFile: string;
  /** State of every object digest the checked entries reference (see referencedObjects). */
  objects: ReadonlyMap<string, ObjectState>;
  base?: BaseComparison;
  /** Findings kept (all are counted); default 1000. */
  findingsCap?: number;
}

/** Every evidence object digest the checked entries reference (keyless bundles included). */
export function referencedObjects(parsed: ParsedLedger): Set<string> {
  return new Set(parsed.entries.flatMap((stored) => keptObjects(stored.entry)));
}

/** Key and seal entries: the checked ones in ledger order, then those of trusted regions. */
function contextOf(parsed: ParsedLedger): LocatedEntry[] {
  const checked: LocatedEntry[] = [];
  for (const segment of parsed.segments) {
    segment.entries.forEach((entry, i) => {
      if (entry?.kind !== 'key' && entry?.kind !== 'seal') return;
      checked.push({
        entry,
        segment: segment.snapshot.name,
        index: segment.start + i,
        file: segment.snapshot.file,
        hash: segment.hashes[i]!,
      });
    });
  }
  return [...checked, ...parsed.context];
}

/** Runs every rule and returns the findings sorted by file, line and rule. */
export function verifyLedger(
  input: VerifyLedgerInput,
): VerifyLedgerResult & { keyless: readonly KeylessJob[] } {
  const { parsed } = input;
  const bySegment = new Map(parsed.segments.map((s) => [s.snapshot.name, s]));
  const verifier = new LedgerVerifier({
    ledgerId: input.ledgerId,
    authorities: input.authorities,
    manifestFile: input.manifestFile,
    objectState: (digest) => input.objects.get(digest) ?? 'missing',
    context: contextOf(parsed),
    ...(input.findingsCap === undefined ? {} : { findingsCap: input.findingsCap }),
    trusted: {
      *backwards(name): TrustedLines {
        const lines = bySegment.get(name)?.snapshot.lines ?? [];
        const start = bySegment.get(name)?.start ?? 0;
        for (let i = start - 1; i >= 0; i--) yield { index: i, hash: sha256Hex(lines[i]!) };
      },
    },
    *prefixObjects(name, lastIndex) {
      const segment = bySegment.get(name);
      if (segment === undefined) return;
      for (let i = 0; i <= lastIndex && i < segment.snapshot.lines.length; i++) {
        const entry =
          i >= segment.start
            ? segment.entries[i - segment.start]
            : decodeLine(segment.snapshot.lines[i]!).entry;
        yield* entry === undefined ? [] : keptObjects(entry);
      }
    },
  });
  for (const finding of [...(input.base?.findings ?? []), ...parsed.findings]) {
    verifier.addFinding(finding);
  }
  for (const segment of parsed.segments) {
    const { snapshot } = segment;
    verifier.beginSegment({
      name: snapshot.name,
      file: snapshot.file,
      start: segment.start,
      previousHash: segment.previousHash,
    });
    segment.entries.forEach((entry, i) => {
      verifier.decodedLine(snapshot.lines[segment.start + i]!, segment.hashes[i]!, entry);
    });
    // parseLedger already reported line problems and a torn tail.
    verifier.endSegment(0);
    for (const job of verifier.takeSignatureJobs()) {
      if (!runSignatureJob(job)) verifier.rejectSignature(job);
    }
  }
  return { ...verifier.finish(), keyless: verifier.keyless };
}
