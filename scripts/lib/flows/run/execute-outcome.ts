// What executing one control needs and what it yields; shared by execute-control.ts and the ratchet
// judge it delegates to (kept apart so the two do not import each other).
import type { World } from '../../core/world/world.ts';
import type { Actor, ObjectStore } from '../../core/ledger/types.ts';
import type { AuthorizationKind } from '../../core/plane/types.ts';
import type { ResultStatus, RunDetails } from '../../core/gate/entries/bodies.ts';
import type { Grant } from '../../core/gate/authority/grant-authority.ts';
import type { RedactionRules } from '../../core/redact/secret-values.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { EvidenceMeter } from '../../core/ports.ts';

export interface ExecuteSettings {
  plane: Plane;
  io: World;
  /** The invoking process's environment; only the allowlist reaches the child. */
  env: Readonly<Record<string, string | undefined>>;
  actor: Actor;
  authorize: readonly AuthorizationKind[];
  /** Who granted `authorize` (checked before anything runs); recorded with each use. */
  grants?: readonly Grant[];
  rules: RedactionRules;
  /** Where outputs are stored: the plane's evidence objects (io.objects), unless a check records nothing. */
  objects: ObjectStore;
  /**
   * The evidence budget's count for the whole run (the ledger read once, not once per control);
   * absent: each check opens its own.
   */
  evidence?: EvidenceMeter;
}

export interface ExecuteOutcome {
  status: ResultStatus;
  details: RunDetails;
  /** Evidence objects stored for this outcome. */
  objects: string[];
  /**
   * When a command did not PASS: names of the parent's variables it did not get and that its argv
   * or output names (never values).
   */
  withheldEnv?: string[];
  /** When a command did not PASS: how many other variables it did not get (named nowhere). */
  withheldOthers?: number;
}
