// The ledger verifier (references/verify.md): ordered pure rules over a parsed ledger. Every
// problem becomes a finding with file and line; nothing stops at the first break.
import type { Authority } from '../plane/types.ts';
import type { BaseComparison } from './compare-base.ts';
import { indexLedger, locatedEntries } from './ledger-index.ts';
import { locateEdits } from './locate-edit.ts';
import type { ParsedLedger } from './parse-ledger.ts';
import { verifyReferences, verifySegmentChain } from './verify-chain.ts';
import { verifySeals } from './verify-seals.ts';
import { buildKeyRegistry, verifySignatures } from './verify-signatures.ts';
import type { LedgerFinding, LocatedEntry } from './types.ts';

export type ObjectState = 'ok' | 'missing' | 'corrupt';

export interface VerifyLedgerInput {
  parsed: ParsedLedger;
  ledgerId: string;
  authorities: readonly Authority[];
  /** Manifest path relative to the root, for key registry errors. */
  manifestFile: string;
  /** State of every object digest the checked entries reference (see referencedObjects). */
  objects: ReadonlyMap<string, ObjectState>;
  base?: BaseComparison;
}

export interface VerifyLedgerResult {
  findings: LedgerFinding[];
  /** Lines checked (all lines, or only the new ones under --base). */
  checkedLines: number;
  segments: number;
}

/** Every evidence object digest the checked entries reference. */
export function referencedObjects(parsed: ParsedLedger): Set<string> {
  return new Set(parsed.entries.flatMap((stored) => stored.entry.storage.objects));
}

function verifyObjects(
  entries: readonly LocatedEntry[],
  objects: ReadonlyMap<string, ObjectState>,
): LedgerFinding[] {
  const findings: LedgerFinding[] = [];
  for (const { entry, file, index } of entries) {
    for (const digest of entry.storage.objects) {
      const state = objects.get(digest) ?? 'missing';
      if (state === 'ok') continue;
      findings.push({
        file,
        line: index + 1,
        code: state === 'missing' ? 'OBJECT_MISSING' : 'OBJECT_CORRUPT',
        message:
          state === 'missing'
            ? `evidence object ${digest.slice(0, 12)}… is missing from evidence/objects`
            : `evidence object ${digest.slice(0, 12)}… does not re-hash to its name`,
      });
    }
  }
  return findings;
}

function compareFindings(a: LedgerFinding, b: LedgerFinding): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line;
}

/** Runs every rule and returns the findings sorted by file and line. */
export function verifyLedger(input: VerifyLedgerInput): VerifyLedgerResult {
  const { parsed } = input;
  const registry = buildKeyRegistry(input.authorities, input.manifestFile);
  const index = indexLedger(parsed);
  const entries = locatedEntries(parsed);
  const findings = [
    ...(input.base?.findings ?? []),
    ...parsed.findings,
    ...parsed.segments.flatMap((segment) => verifySegmentChain(segment, input.ledgerId)),
    ...verifyReferences(entries, index),
    ...verifySignatures(entries, parsed.context, input.authorities, registry, index),
    ...verifyObjects(entries, input.objects),
    ...verifySeals(entries, parsed.context, parsed, index),
  ];
  const lastLine = new Map(
    parsed.segments.map((s) => [s.snapshot.file, s.start + s.hashes.length] as const),
  );
  findings.push(...locateEdits(findings, lastLine));
  const checkedLines = parsed.segments.reduce((n, s) => n + s.hashes.length, 0);
  return {
    findings: findings.sort(compareFindings),
    checkedLines,
    segments: parsed.segments.length,
  };
}
