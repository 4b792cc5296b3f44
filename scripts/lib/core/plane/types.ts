// The human-owned sources of a control plane (see ARCHITECTURE.md). The JSON Schemas in controls/schema/ are the source of truth; a test pins these types
// to them.
import type { Authority, AuditStage, AuthorizationKind } from '../shared/authority.ts';

export const MATURITY_LEVELS = [
  'prototype',
  'engineering_ready',
  'production_ready',
  'commercial_ready',
  'regulated_ready',
] as const;
export type Maturity = (typeof MATURITY_LEVELS)[number];

export const CLAIM_SCOPES = ['task', 'project', 'release'] as const;
export type ClaimScope = (typeof CLAIM_SCOPES)[number];

export const PRODUCT_TYPES = [
  'library',
  'cli',
  'service',
  'web_app',
  'mobile_app',
  'desktop_app',
  'embedded',
  'data_pipeline',
  'ai_agent',
  'other',
] as const;
type ProductType = (typeof PRODUCT_TYPES)[number];

/** Optional decisions: recorded in the manifest, never used to choose controls. */
export interface RecordedDecisions {
  market?: string[];
  deployment_model?: string[];
  support_model?: 'community' | 'best_effort' | 'contracted' | 'managed' | 'none';
  primary_user?: string[];
  public_contract?: (
    | 'none'
    | 'library_api'
    | 'service_api'
    | 'wire_protocol'
    | 'extension_api'
    | 'plugin_api'
    | 'file_format'
  )[];
  build_topology?: 'single_form' | 'multi_form' | 'cross_target';
  persistent_state?:
    'none' | 'database' | 'indexed_store' | 'on_disk_format' | 'client_state' | 'mixed';
  external_contributions?: 'accepted' | 'restricted' | 'closed';
  legal_profile?: string[];
  evidence_retention?: 'project_lifetime' | 'release_lifetime' | 'permanent';
}

/** The owner's explicit decisions (init profile). Never inferred from the repository. */
export interface Profile {
  development_mode: 'ai_greenfield' | 'ai_brownfield' | 'human_greenfield' | 'human_brownfield';
  target_maturity: Maturity;
  product_type: ProductType[];
  distribution_model:
    | 'open_source'
    | 'open_core'
    | 'private_commercial'
    | 'saas'
    | 'client_software'
    | 'embedded'
    | 'mixed';
  criticality: 'low' | 'medium' | 'high' | 'critical';
  data_sensitivity: 'public' | 'internal' | 'confidential' | 'restricted' | 'regulated';
  ai_system: boolean;
  scope_mode: 'full_repo' | 'subproject';
  /** Optional decisions, recorded only (market, deployment model, support model, ...). */
  recorded?: RecordedDecisions;
}

/** The file `init --profile` reads (controls/schema/profile.schema.json). */
export interface ProfileFile extends Omit<Profile, 'recorded'> {
  project_name?: string;
  /** The owner's human authority (`human:<name>` or `<name>`), registered at init. */
  owner?: string;
  scope?: { include?: string[]; exclude?: string[]; releasable?: boolean };
  unmapped_instructions?: 'block' | 'warn';
  recorded?: RecordedDecisions;
}

export type { Authority, PublicKey, SigstoreIdentity } from '../shared/authority.ts';

export const CI_TIERS = ['none', 'observe', 'release_required'] as const;
export type CiTier = (typeof CI_TIERS)[number];

export interface ClaimPolicy {
  required_stages: AuditStage[];
  /**
   * Task claims: the Stop hook re-runs the task's command controls itself when their last passing
   * runs took at most this many ms together (default DEFAULT_RERUN_MAX_MS; 0: never).
   */
  rerun_max_ms?: number;
}

export interface Manifest {
  version: 1;
  /** Random id fixed at init; every ledger entry carries it. */
  ledger_id: string;
  project: { name: string };
  profile: Profile;
  /** `releasable`: a subproject plane may claim a release of its subproject on its own. */
  scope: { include: string[]; exclude: string[]; releasable?: boolean };
  authorities: Authority[];
  policies: {
    claims: Record<ClaimScope, ClaimPolicy>;
    evidence: {
      /** Cap of the canonical review copy of a control's output, in bytes. */
      output_cap_bytes: number;
      /** Names of environment variables whose values are always redacted. */
      redact_env: string[];
      /** Bytes the evidence store (objects and ledger) may hold; a run or artifact beyond is BLOCKED. */
      budget_bytes?: number;
    };
    /**
     * Environment variables passed to control commands beyond the default allowlist: exact names
     * or `PREFIX*`. Names only; values never reach evidence.
     */
    env_pass?: string[];
    /** A flaky control (PASS and FAIL on the same code) counts as PASS again after this many passes. */
    flaky?: { passes_to_clear: number };
    /** Whether an agent instruction file not mapped to a control blocks claims. */
    unmapped_instructions: 'block' | 'warn';
    /** A mapped instruction source that changed stales its controls (default) or blocks claims. */
    instruction_drift?: 'stale' | 'block';
    /**
     * Refuse release claims while a hard gate has no efficacy evidence (references/efficacy.md);
     * absent: on from production_ready.
     */
    efficacy_required_for_release?: boolean;
    /** The mutants evaluate plants in a task's changed lines (references/evaluate.md). */
    changed_mutants?: { max?: number; slow_controls?: boolean };
    /** Whether an imported mutation report (efficacy --from-report) counts for that policy. */
    efficacy_accepts_imported?: boolean;
    /** What the Stop hook does with a session transcript it cannot read or judge (default warn). */
    transcript_unreadable?: 'warn' | 'block';
    /** The gate's own binding (references/gate-binding.md). */
    tool?: {
      /** Which upgrade of proofgate stales earlier results (default major). */
      upgrade_stales?: 'none' | 'major' | 'minor' | 'any';
      /** Whether a gate whose trust is unknown blocks claims (default warn). */
      unknown?: 'warn' | 'block';
      /** Version → the bundle digest the owner accepts for it. */
      bundles?: Record<string, string>;
    };
  };
  /** The sealed archive this plane replaced (`init --from-archive`, references/seal.md). */
  predecessor?: { archive_id: string; digest: string };
  /** Remote CI workflow id (as scan names it) → tier a person chose; absent means `none`. */
  ci_tiers?: Record<string, CiTier>;
  /**
   * Requirement files (relative to the repository root): `sync` reads them by default, and their
   * traceability gaps refuse project and release claims at the target maturity.
   */
  requirement_files?: string[];
  /** Agent instruction files found at init (path → sha256), for the owner to map to controls. */
  instruction_sources?: {
    path: string;
    sha256: string;
    mapped_to?: string[];
    /** Map one Markdown section (fence-aware); `sha256` is then the section's digest. */
    selector?: { markdown_heading: string; occurrence?: number };
  }[];
}

export { AUTHORIZATION_KINDS, type AuthorizationKind } from '../shared/authority.ts';

/** Every execution type a control may declare. */
export const EXECUTION_TYPES = [
  'command',
  'file',
  'manual',
  'trace',
  'remote',
  'privileged',
  'slot',
] as const;

export type Execution =
  | {
      type: 'command';
      argv: string[];
      /** Relative to the repository root; must stay inside it. */
      cwd?: string;
      timeout_seconds?: number;
      /** Environment variable names passed through to the command. */
      env?: string[];
      /**
       * Variables set to these exact values for the command, over the invoking environment's (a
       * CI step's own `env:` when the command was adopted from CI). Part of the definition.
       */
      env_values?: Record<string, string>;
      authorization_required?: AuthorizationKind[];
      /** `ratchet`: the output lists violation fingerprints; FAIL while any remains (references/brownfield.md). */
      evaluation?: 'exit_code' | 'ratchet';
    }
  | { type: 'file'; path: string; condition: 'exists' | 'absent' }
  | { type: 'manual'; attestation_max_age_days?: number }
  | { type: 'trace'; pack: string; traces: string[]; adapter?: string }
  | { type: 'remote' | 'privileged'; authorization_required: AuthorizationKind[]; argv?: string[] }
  /** A command slot from the catalog: stays TODO until a real command is adopted. */
  | { type: 'slot'; hint: string };

interface Applicability {
  value: boolean;
  /** Required when value is false. */
  rationale?: string;
  /** Who decided; required when value is false. */
  owner?: string;
}

export interface Control {
  id: string;
  title: string;
  /** Owner role or authority id. */
  owner: string;
  requirements: string[];
  risks: string[];
  applies: Applicability;
  required_from_maturity: Maturity;
  execution: Execution;
  /** Path globs (git pathspec glob syntax); evidence goes stale only when these change. */
  inputs?: string[];
  /** Path globs the control writes; excluded from every subject binding. */
  outputs?: string[];
  /**
   * Files the control produces that are evidence: after each run each is stored by digest; a
   * missing one fails the run, and one that changes afterwards stales the result.
   */
  artifacts?: string[];
  evidence_required: string[];
  /** Where the control came from: `catalog:<id>` or `adopted:<candidate id>`. */
  source?: string;
  /** Runs alone, never beside other controls (builds, heavy test suites). */
  exclusive?: boolean;
  /** The command runs no tests: its output holds no test inventory (references/inventory.md). */
  inventory?: 'none';
  /** Who decided this control from the command line (a manual command, not applicable) and when. */
  recorded?: { by: string; at: string };
}

export interface Registry {
  version: 1;
  controls: Control[];
}
