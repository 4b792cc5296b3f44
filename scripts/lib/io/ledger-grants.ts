// The grants recorded in the ledger, checked against their grantors' keys: each segment is
// streamed line by line and only lines holding a grant are parsed (most hold none), so the pass
// stays cheap and bounded in memory at any ledger size. A line that does not parse is left to the
// main verifier, which reports it.
import { join } from 'node:path';
import { findGrantProblems } from '../core/gate/grant-signature.ts';
import { parseEntry } from '../core/ledger/parse-entry.ts';
import type { LedgerFinding } from '../core/ledger/types.ts';
import type { Plane } from '../core/plane/plane.ts';
import { ledgerDir, ledgerRel } from './ledger-store.ts';
import { listSegmentFiles } from './ledger-tails.ts';
import { readLines } from './read-lines.ts';

const GRANTS_MEMBER = '"grants":[{';

/** Findings (file:line) for every grant whose keyed grantor's signature is missing or invalid. */
export async function findUnsignedGrants(plane: Plane): Promise<LedgerFinding[]> {
  const dir = ledgerDir(plane);
  const rel = ledgerRel(plane);
  const findings: LedgerFinding[] = [];
  for (const name of listSegmentFiles(dir)) {
    await readLines(join(dir, name), ({ line, text }) => {
      if (text === undefined || !text.includes(GRANTS_MEMBER)) return;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        return;
      }
      const { entry } = parseEntry(value);
      if (entry === undefined) return;
      const where = { file: `${rel}/${name}`, line };
      findings.push(...findGrantProblems(entry, where, plane.manifest.authorities));
    });
  }
  return findings;
}
