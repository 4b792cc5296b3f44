// A change that takes teeth out of its test files (core/teeth/weigh-teeth.ts: fewer assertions
// over the changed test files, or a new skip, only, todo or xfail marker) refuses every claim
// scope against a base, until the release authority approves that file as it is now: the
// approval path of definitions (definition-approval.ts) carries it, under the id `test:<path>`
// and the digest of the file's current bytes, so any later edit of the file needs a new one.
import { digestJson, sha256Hex } from '../../hash.ts';
import type { StoredEntry } from '../../ledger/types.ts';
import type { Manifest } from '../../plane/types.ts';
import type { TeethLoss, TeethReport } from '../../teeth/weigh-teeth.ts';
import type { ClaimDecision } from './decide-claim.ts';
import { approvedDefinitions, mayApprove } from './definition-approval.ts';

/** The prefix of the id an approval of a weakened test file names: `test:<path>`. */
export const TEST_FILE_PREFIX = 'test:';

/** The digest an approval of test file `path` names: its bytes now (null: deleted). */
export function testFileDigest(path: string, bytes: Uint8Array | undefined): string {
  return digestJson({ test_file: path, sha256: bytes === undefined ? null : sha256Hex(bytes) });
}

/** What a claim against a base reports about its test files. */
export interface TestTeethReport extends TeethReport {
  base: string;
  /** Each loss, marked approved when the release authority approved its file as it is now. */
  losses: (TeethLoss & { approved: boolean })[];
}

export function reportTestTeeth(
  base: string,
  weighed: TeethReport,
  digests: ReadonlyMap<string, string>,
  entries: readonly StoredEntry[],
  manifest: Manifest,
  signed = false,
): TestTeethReport {
  const approved =
    weighed.losses.length === 0
      ? new Set<string>()
      : approvedDefinitions(entries, manifest, signed);
  return {
    ...weighed,
    base,
    losses: weighed.losses.map((l) => ({
      ...l,
      approved: approved.has(`${TEST_FILE_PREFIX}${l.path}@${digests.get(l.path) ?? ''}`),
    })),
  };
}

/** Every unapproved loss refuses the claim, whatever its scope, naming file and line. */
export function withTestTeeth(
  decision: ClaimDecision,
  report: TestTeethReport,
  manifest: Manifest,
): ClaimDecision {
  const open = report.losses.filter((l) => !l.approved);
  if (open.length === 0) return decision;
  const approver =
    manifest.authorities.find((a) => mayApprove(a.id, manifest))?.id ?? '<release authority>';
  const { body: _body, ...refused } = decision;
  const first = open[0]?.reason.replace(/^test weakened: /, '') ?? '';
  return {
    ...refused,
    granted: false,
    verdict: `REFUSED [${decision.scope}] test weakened since ${report.base}: ${first}${open.length > 1 ? ` (and ${open.length - 1} more)` : ''}${decision.granted ? '' : `; ${decision.verdict}`}`,
    blockers: [
      ...decision.blockers,
      ...open.map((l) => ({
        control: `${TEST_FILE_PREFIX}${l.path}`,
        stage: 'self' as const,
        status: 'FAIL' as const,
        reason: `${l.reason}; restore the test (fix the code instead), or have the release authority approve the file as it is now`,
        next: `proofgate authority approve --control ${TEST_FILE_PREFIX}${l.path} --authority-id ${approver}`,
      })),
    ],
  };
}
