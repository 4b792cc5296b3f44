// Everything the gate flows need from the outside world. The real implementation wires the ledger,
// the object store, subject bindings, the process runner and the trace checker; tests use an
// in-memory fake (test/helpers/fake-gate-io.ts).
import type {
  Actor,
  EntryKind,
  JsonObject,
  ObjectStore,
  StoredEntry,
  SubjectBinding,
} from './ledger/types.ts';
import type { Control, Execution } from './plane/types.ts';
import type { Plane } from '../io/plane.ts';
import type { RunCommandRequest, RunCommandResult } from '../io/run-command.ts';

/** An entry before the ledger gives it ledger id, segment, seq, prev, storage heads and sigs. */
export interface EntryDraft {
  kind: EntryKind;
  time: string;
  actor: Actor;
  subject: SubjectBinding;
  body: JsonObject;
  /** Digests of the evidence objects the entry refers to (already stored). */
  objects?: string[];
}

export type TraceExecution = Extract<Execution, { type: 'trace' }>;

export interface TraceOutcome {
  status: 'PASS' | 'FAIL';
  /** One line, e.g. "2 block findings: refund-without-identity (trace 3)". */
  detail: string;
  /** The full findings report, stored as an evidence object when present. */
  report?: Uint8Array;
}

/** What is at a path relative to the root; `outside` when it resolves out of the root. */
export type PathState = 'file' | 'directory' | 'absent' | 'outside';

export interface GateIO {
  loadPlane(root: string): Promise<Plane>;
  /** Current subject binding per control id, for exactly the given controls. */
  computeSubjects(plane: Plane, controls: readonly Control[]): Promise<Map<string, SubjectBinding>>;
  /** Every entry of every segment, verified; ledger order. */
  readEntries(plane: Plane): Promise<StoredEntry[]>;
  /** Appends under the ledger lock (held for the append only) and returns the stored entry. */
  append(plane: Plane, draft: EntryDraft): Promise<StoredEntry>;
  objects(plane: Plane): ObjectStore;
  runCommand(request: RunCommandRequest): Promise<RunCommandResult>;
  checkTrace(root: string, execution: TraceExecution): Promise<TraceOutcome>;
  statPath(root: string, path: string): Promise<PathState>;
  /** Bytes of a file inside the root (attest --evidence); throws UsageError when absent or outside. */
  readFile(root: string, path: string): Promise<Uint8Array>;
}
