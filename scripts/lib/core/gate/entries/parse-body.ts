// Defensive readers for gate entry bodies. A body read from disk is attacker-controlled (see
// ARCHITECTURE.md): every field is checked for type and range, and anything malformed yields undefined so
// that it can never count as a result.
import type { JsonObject, JsonValue } from '../../ledger/types.ts';
import { AUDIT_STAGES, type AuditStage } from '../../ledger/types.ts';
import type {
  Agreement,
  AttestBody,
  ArtifactRecord,
  AuditBody,
  Blocker,
  ClaimBody,
  ResultStatus,
  ReviewStage,
  RunBody,
  RunDetails,
  StageActors,
} from './bodies.ts';
import { AGREEMENTS, BLOCKER_KINDS, RESULT_STATUSES } from './bodies.ts';
import type { ClaimScope, Maturity } from '../../plane/types.ts';
import {
  AUTHORIZATION_KINDS as AUTHORIZATIONS,
  CLAIM_SCOPES,
  EXECUTION_TYPES,
  MATURITY_LEVELS,
} from '../../plane/types.ts';
import { parseRatchetDetails } from './ratchet-details.ts';
import type { Grant } from '../../shared/authority.ts';
import type { Inventory } from '../../inventory/inventory.ts';

const HEX64 = /^[0-9a-f]{64}$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

class Malformed extends Error {}

// One instance thrown every time: a body that fails is not an exceptional event (a ledger may hold
// thousands of bodies of other shapes), and building a stack trace per failure is what costs.
const MALFORMED = new Malformed('malformed entry body');

function fail(): never {
  throw MALFORMED;
}
function isObject(v: JsonValue | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
function str(v: JsonValue | undefined): string {
  return typeof v === 'string' ? v : fail();
}
function nat(v: JsonValue | undefined): number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : fail();
}
function int(v: JsonValue | undefined): number {
  return typeof v === 'number' && Number.isSafeInteger(v) ? v : fail();
}
function bool(v: JsonValue | undefined): boolean {
  return typeof v === 'boolean' ? v : fail();
}
function hex(v: JsonValue | undefined): string {
  const s = str(v);
  return HEX64.test(s) ? s : fail();
}
function oneOf<T extends string>(v: JsonValue | undefined, allowed: readonly T[]): T {
  return typeof v === 'string' && (allowed as readonly string[]).includes(v) ? (v as T) : fail();
}
function strings(v: JsonValue | undefined): string[] {
  return Array.isArray(v) ? v.map(str) : fail();
}
function iso(v: JsonValue | undefined): string {
  const s = str(v);
  return ISO_UTC.test(s) && !Number.isNaN(Date.parse(s)) ? s : fail();
}

function attempt<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (error === MALFORMED) return undefined;
    throw error;
  }
}

function readBlocker(v: JsonValue | undefined): Blocker {
  if (!isObject(v)) fail();
  return {
    kind: oneOf(v['kind'], BLOCKER_KINDS),
    detail: str(v['detail']),
    rerun: str(v['rerun']),
  };
}

function readGrants(v: JsonValue | undefined): Grant[] {
  if (!Array.isArray(v)) fail();
  return v.map((g) => {
    if (!isObject(g)) fail();
    const grant: Grant = { kind: oneOf(g['kind'], AUTHORIZATIONS), by: str(g['by']) };
    if (g['keyid'] !== undefined) grant.keyid = hex(g['keyid']);
    if (g['sig'] !== undefined) grant.sig = str(g['sig']);
    return grant;
  });
}

function readArtifacts(v: JsonValue | undefined): ArtifactRecord[] {
  if (!Array.isArray(v)) fail();
  return v.map((a) => {
    if (!isObject(a)) fail();
    return { path: str(a['path']), sha256: hex(a['sha256']), bytes: nat(a['bytes']) };
  });
}

/** A recorded inventory: a runner's counts (ran = passed + failed) and names, or why it is unknown. */
function readInventory(v: JsonValue | undefined): Inventory {
  if (!isObject(v)) fail();
  const runner = str(v['runner']);
  if (runner === 'unknown') return { runner, reason: str(v['reason']) };
  const passed = nat(v['passed']);
  const failed = nat(v['failed']);
  const inventory: Inventory = {
    runner,
    ran: nat(v['ran']) === passed + failed ? passed + failed : fail(),
    passed,
    failed,
    skipped: nat(v['skipped']),
    todo: nat(v['todo']),
  };
  if (v['names'] !== undefined) inventory.names = strings(v['names']);
  return inventory;
}

function readDetails(b: JsonObject): RunDetails {
  const details: RunDetails = {
    execution: oneOf(b['execution'], EXECUTION_TYPES),
    duration_ms: nat(b['duration_ms']),
    timed_out: bool(b['timed_out']),
    truncated: bool(b['truncated']),
    authorizations: strings(b['authorizations']).map((a) => oneOf(a, AUTHORIZATIONS)),
  };
  if (b['argv'] !== undefined) details.argv = strings(b['argv']);
  if (b['env_passed'] !== undefined) details.env_passed = strings(b['env_passed']);
  if (b['exit_code'] !== undefined) details.exit_code = int(b['exit_code']);
  if (b['raw_sha256'] !== undefined) details.raw_sha256 = hex(b['raw_sha256']);
  if (b['raw_bytes'] !== undefined) details.raw_bytes = nat(b['raw_bytes']);
  if (b['review'] !== undefined) details.review = hex(b['review']);
  if (b['detail'] !== undefined) details.detail = str(b['detail']);
  if (b['blocker'] !== undefined) details.blocker = readBlocker(b['blocker']);
  if (b['grants'] !== undefined) details.grants = readGrants(b['grants']);
  if (b['ratchet'] !== undefined) details.ratchet = parseRatchetDetails(b['ratchet']) ?? fail();
  if (b['artifacts'] !== undefined) details.artifacts = readArtifacts(b['artifacts']);
  if (b['inventory'] !== undefined) details.inventory = readInventory(b['inventory']);
  return details;
}

/** A run body as a result: control, stage and status, apart from the execution's details. */
export function parseRunResult(
  body: JsonObject,
): { control: string; stage: 'self'; status: ResultStatus; run: RunDetails } | undefined {
  return attempt(() => {
    const status: ResultStatus = oneOf(body['status'], RESULT_STATUSES);
    const run = readDetails(body);
    if ((status === 'BLOCKED') !== (run.blocker !== undefined)) fail();
    return {
      control: str(body['control']),
      stage: oneOf(body['stage'], ['self'] as const),
      status,
      run,
    };
  });
}

export function parseRunBody(body: JsonObject): RunBody | undefined {
  const result = parseRunResult(body);
  if (result === undefined) return undefined;
  const { control, stage, status, run } = result;
  return { control, stage, status, ...run };
}

export function parseAuditBody(body: JsonObject): AuditBody | undefined {
  return attempt(() => {
    const stages: ReviewStage[] = ['cross', 'release_authority', 'third_party'];
    const audit: AuditBody = {
      control: str(body['control']),
      stage: oneOf(body['stage'], stages),
      reviewed: hex(body['reviewed']),
      reviewed_status: oneOf(body['reviewed_status'], RESULT_STATUSES),
      status: oneOf(body['status'], RESULT_STATUSES),
      agreement: oneOf<Agreement>(body['agreement'], AGREEMENTS),
      differences: strings(body['differences']),
    };
    const run = body['run'];
    if (run !== undefined) audit.run = isObject(run) ? readDetails(run) : fail();
    return audit;
  });
}

export function parseAttestBody(body: JsonObject): AttestBody | undefined {
  return attempt(() => {
    const attest: AttestBody = {
      control: str(body['control']),
      status: oneOf(body['status'], ['PASS', 'FAIL'] as const),
      note: str(body['note']),
    };
    if (body['expires'] !== undefined) attest.expires = iso(body['expires']);
    if (body['evidence'] !== undefined) attest.evidence = hex(body['evidence']);
    // Only `true` means standing; any other value is a body that cannot be read (never satisfies).
    if (body['standing'] !== undefined) {
      if (body['standing'] !== true) fail();
      attest.standing = true;
    }
    return attest;
  });
}

function readStageActors(v: JsonValue | undefined): StageActors {
  if (!isObject(v)) fail();
  return {
    authorities: strings(v['authorities']),
    contexts: strings(v['contexts']),
    keyids: strings(v['keyids']),
  };
}

export function parseClaimBody(body: JsonObject): ClaimBody | undefined {
  return attempt(() => {
    const stagesIn = body['stages'];
    if (!isObject(stagesIn)) fail();
    const stages: Partial<Record<AuditStage, StageActors>> = {};
    for (const [stage, actors] of Object.entries(stagesIn)) {
      stages[oneOf(stage, AUDIT_STAGES)] = readStageActors(actors);
    }
    return {
      scope: oneOf<ClaimScope>(body['scope'], CLAIM_SCOPES),
      outcome: oneOf(body['outcome'], ['COMPLETED', 'PASS'] as const),
      controls: strings(body['controls']),
      maturity: oneOf<Maturity>(body['maturity'], MATURITY_LEVELS),
      stages,
      supporting: strings(body['supporting']).map((h) => hex(h)),
      ...(body['subproject'] === undefined ? {} : { subproject: strings(body['subproject']) }),
      ...(body['uncommitted'] === undefined
        ? {}
        : { uncommitted: readUncommitted(body['uncommitted']) }),
    };
  });
}

function readUncommitted(v: JsonValue | undefined): NonNullable<ClaimBody['uncommitted']> {
  if (!isObject(v)) fail();
  const head = v['head'];
  if (head !== undefined && !/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(str(head))) fail();
  return {
    ...(typeof head === 'string' ? { head } : {}),
    modified: nat(v['modified']),
    untracked: nat(v['untracked']),
  };
}
