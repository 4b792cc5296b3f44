// Trust files (references/trust.md): read one the auditor names, check the repository against it,
// export one create-only, and the ledger's current heads it pins (io/keys/trust-io.ts).
import type { LedgerFinding } from '../ledger/types.ts';
import type { Plane, PlaneLocation } from '../plane/plane.ts';
import type { LoadedTrust, PinnedHead } from '../trust/trust-file.ts';

export interface TrustPort {
  readTrustFile(cwd: string, name: string): LoadedTrust;
  readTrustOption(cwd: string, name: string | undefined): LoadedTrust | undefined;
  /** Every difference between the repository and the trust file (empty when they agree). */
  checkTrust(plane: Plane, loaded: LoadedTrust): LedgerFinding[];
  readCurrentHeads(plane: PlaneLocation): Record<string, PinnedHead>;
  writeTrustFile(cwd: string, root: string, out: string, text: string, force: boolean): string;
  writeExportFile(cwd: string, out: string, text: string): string;
  /** A JSON file named on the command line (an export's envelope). */
  readJsonFile(cwd: string, name: string): unknown;
}
