// The world one verb invocation reaches through: the gate's port (GateIO) and, grouped by what
// they are about, every other port a flow needs. cli/world/open-world.ts builds the real one from
// the io adapters, once per invocation; a flow never imports io itself
// (test/commands/structure.test.ts). Tests build one over a fake gate (test/helpers/fake-gate-io.ts).
import type { GateIO, UpstreamCheck } from '../ports.ts';
import type { Authority } from '../plane/types.ts';
import type { LoadedTrust } from '../trust/trust-file.ts';
import type { GitPort } from './git-port.ts';
import type { HookPort } from './hook-port.ts';
import type { KeysPort } from './keys-port.ts';
import type { KnowledgePort } from './knowledge-port.ts';
import type { LedgerPort, LedgerRepairPort } from './ledger-port.ts';
import type { PlaneEditPort, PlanePort } from './plane-port.ts';
import type { ReachPort } from './reach-port.ts';
import type { CandidatePort, HostPort, RepoPort } from './repo-port.ts';
import type { SubjectPort } from './subject-port.ts';
import type { TracePort } from './trace-port.ts';
import type { TrustPort } from './trust-port.ts';

/** The ports beside the gate's, by what they are about: every world has them. */
export interface WorldParts {
  git: GitPort;
  subject: SubjectPort;
  ledger: LedgerPort;
  planeFiles: PlanePort;
  keys: KeysPort;
  trustFiles: TrustPort;
  hook: HookPort;
  host: HostPort;
  /** The project's files a control's reach is resolved from (core/reach/). */
  reach: ReachPort;
}

/**
 * The ports a verb's wiring adds when its flows use them (their adapters load what a verdict
 * never needs: the redaction rules, the trace readers, the glob matcher, the scanner, the schema
 * compiler). A flow that uses one says so in its parameter's type: `World & Pick<WorldExtras, 'trace'>`.
 */
export interface WorldExtras {
  knowledge: KnowledgePort;
  trace: TracePort;
  repo: RepoPort;
  candidates: CandidatePort;
  planeEdits: PlaneEditPort;
  ledgerRepair: LedgerRepairPort;
}

/**
 * The world of one verb invocation (cli/world/open-world.ts builds the real one, once): the gate's
 * port, the one way a verb finds its root, the `--trust FILE` it was opened with, and the keyless
 * signer, set up only when asked.
 */
export interface World extends GateIO, WorldParts {
  /**
   * The directory the verb works in: `--root` (resolved against the caller's directory; an
   * existing directory inside a git work tree) or the git top level of the caller's directory;
   * absolute and a real path.
   */
  resolveRoot(rootOption: string | undefined): Promise<string>;
  /**
   * The upstream (or the `--base` ref's fork point) the world proves the ledger against, asked
   * once; undefined when there is none, the world was opened without one (`--no-base`), or it
   * proves the ledger against the ledger at a `--base` ref (claim's anchor, not a fork point).
   */
  ledgerUpstream(root: string): Promise<UpstreamCheck | undefined>;
  /** The `--trust FILE` the world was opened with: its authorities and keys decide. */
  readonly trust: LoadedTrust | undefined;
  /**
   * `--sign sigstore`: sets up the keyless signer of `authority` (its OIDC token and declared
   * identity) on the first ask; the world then signs that authority's entries keyless.
   */
  signKeyless(authority: Authority): Promise<{ keyid: string }>;
  /**
   * The trace port, loaded on first use: a trace control that runs needs it, a verdict never
   * (the trace readers and the glob matcher stay unloaded).
   */
  loadTrace(): Promise<TracePort>;
}
