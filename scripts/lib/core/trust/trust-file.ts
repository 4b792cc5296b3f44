// The auditor's trust root (references/trust.md): the authorities, their keys, the ledger's segment
// heads and the rules (policies and control definitions, by digest), exported once and kept outside the repository. Every field is read defensively:
// a trust file is the one input a verdict takes on faith, so a malformed one is refused (exit 2)
// rather than half-used.
import { ConfigError } from '../errors.ts';
import { HEX64, isCanonicalBase64 } from '../ledger/parse-entry.ts';
import { AUDIT_STAGES } from '../ledger/types.ts';
import { keyidOf } from '../ledger/sign-entry.ts';
import type { Authority, Manifest, SigstoreIdentity } from '../plane/types.ts';
import { nextCommand } from '../next/next-table.ts';
import { pinRules, type PinnedRules } from './pinned-rules.ts';
import type { Control } from '../plane/types.ts';

/** Format tag of a trust file; a reader refuses any other. */
export const TRUST_FORMAT = 'proofgate-trust/v1';

/** A segment's head when the file was exported: its last line, by position, hash and offset. */
export interface PinnedHead {
  /** 0-based line index (the entry's `seq`). */
  seq: number;
  /** sha256 hex of the line's exact bytes (without the newline). */
  sha256: string;
  /** Length of the segment up to and including that line's newline. */
  bytes: number;
}

export interface TrustedAuthority {
  id: string;
  kind: Authority['kind'];
  stages: Authority['stages'];
  keys: { keyid: string; public_key: string; added?: string }[];
  /** Keyless identities ({issuer, subject}), as the manifest declares them. */
  identities?: SigstoreIdentity[];
  retired?: string;
}

export interface TrustFile {
  format: typeof TRUST_FORMAT;
  ledger_id: string;
  exported: string;
  authorities: TrustedAuthority[];
  heads: Record<string, PinnedHead>;
  /** The rules pinned with the keys; absent in files exported before they were (not checked). */
  rules?: PinnedRules;
}

/** A trust file as read: its parsed content and the name it is reported under. */
export interface LoadedTrust {
  name: string;
  trust: TrustFile;
}

/** The trust file of `manifest` and its `controls` with the ledger's current `heads`. */
export function buildTrustFile(
  manifest: Manifest,
  controls: readonly Control[],
  heads: Record<string, PinnedHead>,
  exported: string,
): TrustFile {
  return {
    format: TRUST_FORMAT,
    ledger_id: manifest.ledger_id,
    exported,
    authorities: manifest.authorities.map(trustedAuthority),
    heads,
    rules: pinRules(manifest, controls),
  };
}

function trustedAuthority(authority: Authority): TrustedAuthority {
  const identities = authority.identities;
  return {
    id: authority.id,
    kind: authority.kind,
    stages: [...authority.stages],
    keys: (authority.keys ?? []).map((k) => ({
      keyid: k.keyid,
      public_key: k.public_key,
      added: k.added,
    })),
    ...(identities === undefined
      ? {}
      : { identities: identities.map(({ issuer, subject }) => ({ issuer, subject })) }),
    ...(authority.retired === undefined ? {} : { retired: authority.retired }),
  };
}

const KINDS = new Set(['virtual', 'human', 'agent', 'ci', 'external']);
const STAGES = new Set<string>(AUDIT_STAGES);
const SEGMENT = /^[a-z0-9][a-z0-9._-]{0,99}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/** Problems of one authority, each prefixed with its JSON path. */
function authorityProblems(value: unknown, at: string): string[] {
  if (!isRecord(value)) return [`${at}: not an object`];
  const problems: string[] = [];
  if (typeof value['id'] !== 'string' || value['id'] === '') problems.push(`${at}/id: missing`);
  if (!KINDS.has(String(value['kind']))) problems.push(`${at}/kind: not an authority kind`);
  const stages = value['stages'];
  if (!Array.isArray(stages) || !stages.every((s) => STAGES.has(String(s))))
    problems.push(`${at}/stages: not a list of audit stages`);
  const keys = value['keys'];
  if (!Array.isArray(keys)) return [...problems, `${at}/keys: not a list`];
  keys.forEach((key: unknown, k) => {
    const where = `${at}/keys/${k}`;
    if (!isRecord(key) || typeof key['public_key'] !== 'string')
      return void problems.push(`${where}: not {keyid, public_key}`);
    if (!isCanonicalBase64(key['public_key'], 32))
      return void problems.push(`${where}/public_key: not canonical base64 of 32 bytes`);
    if (key['keyid'] !== keyidOf(Buffer.from(key['public_key'], 'base64')))
      problems.push(`${where}/keyid: not the sha256 of its public key`);
  });
  const identities = value['identities'];
  if (identities !== undefined && !Array.isArray(identities))
    problems.push(`${at}/identities: not a list`);
  else
    (identities ?? []).forEach((identity: unknown, i: number) => {
      if (
        !isRecord(identity) ||
        typeof identity['issuer'] !== 'string' ||
        typeof identity['subject'] !== 'string'
      )
        problems.push(`${at}/identities/${i}: not {issuer, subject} strings`);
    });
  return problems;
}

function headProblems(name: string, value: unknown): string[] {
  const at = `/heads/${name}`;
  if (!SEGMENT.test(name)) return [`${at}: not a segment name`];
  if (!isRecord(value)) return [`${at}: not {seq, sha256, bytes}`];
  const problems: string[] = [];
  if (!isCount(value['seq'])) problems.push(`${at}/seq: not a line index`);
  if (typeof value['sha256'] !== 'string' || !HEX64.test(value['sha256']))
    problems.push(`${at}/sha256: not a sha256 hex`);
  if (!isCount(value['bytes']) || value['bytes'] === 0) problems.push(`${at}/bytes: not a length`);
  return problems;
}

function rulesProblems(value: unknown): string[] {
  if (value === undefined) return [];
  if (!isRecord(value)) return ['/rules: not {policies, controls}'];
  const problems: string[] = [];
  if (typeof value['policies'] !== 'string' || !HEX64.test(value['policies']))
    problems.push('/rules/policies: not a sha256 hex');
  const controls = value['controls'];
  if (!isRecord(controls)) return [...problems, '/rules/controls: not an object'];
  for (const [id, digest] of Object.entries(controls))
    if (typeof digest !== 'string' || !HEX64.test(digest))
      problems.push(`/rules/controls/${id}: not a sha256 hex`);
  return problems;
}

/** Parses a trust file's text; anything malformed is one ConfigError listing every problem. */
export function parseTrustFile(text: string, where: string): TrustFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const problems: string[] = [];
  if (!isRecord(value)) problems.push('/: not a JSON object');
  else {
    if (value['format'] !== TRUST_FORMAT) problems.push(`/format: expected "${TRUST_FORMAT}"`);
    if (typeof value['ledger_id'] !== 'string') problems.push('/ledger_id: missing');
    const authorities = value['authorities'];
    if (!Array.isArray(authorities) || authorities.length === 0)
      problems.push('/authorities: not a non-empty list');
    else authorities.forEach((a, i) => problems.push(...authorityProblems(a, `/authorities/${i}`)));
    const heads = value['heads'];
    if (!isRecord(heads)) problems.push('/heads: not an object');
    else
      for (const [name, head] of Object.entries(heads)) problems.push(...headProblems(name, head));
    problems.push(...rulesProblems(value['rules']));
  }
  if (problems.length > 0) {
    throw new ConfigError('TRUST_INVALID', `trust file ${where} is not a proofgate trust file`, {
      where,
      problems,
      next: `export it again from a trusted checkout: ${nextCommand('exportTrustRoot')}`,
    });
  }
  return value as TrustFile;
}
