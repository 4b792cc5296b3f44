// A granted claim as an in-toto Statement v1 (https://github.com/in-toto/attestation/blob/main/spec/v1/statement.md)
// in a DSSE envelope (https://github.com/secure-systems-lab/dsse/blob/master/envelope.md), signed
// with Ed25519 over the DSSE pre-authentication encoding the ledger's own signatures use. Anyone can
// check it offline with the public key alone (references/export.md). node:crypto is pure
// computation, so it is allowed in core.
import { verify } from 'node:crypto';
import type { ClaimBody } from '../gate/entries/bodies.ts';
import { publicKeyFromRaw } from '../ledger/sign-entry.ts';
import type { Signer, StoredEntry } from '../ledger/types.ts';

export const IN_TOTO_PAYLOAD_TYPE = 'application/vnd.in-toto+json';
export const STATEMENT_TYPE = 'https://in-toto.io/Statement/v1';
/** proofgate's predicate: one granted claim, what it covers and the entries it stands on. */
export const CLAIM_PREDICATE_TYPE = 'https://proofgate.dev/claim/v1';

export interface DsseEnvelope {
  payloadType: string;
  /** Standard base64 of the Statement's UTF-8 JSON bytes. */
  payload: string;
  signatures: { keyid: string; sig: string }[];
}

export interface ClaimStatement {
  _type: typeof STATEMENT_TYPE;
  subject: { name: string; digest: { gitCommit: string; gitTree: string } }[];
  predicateType: typeof CLAIM_PREDICATE_TYPE;
  predicate: Record<string, unknown>;
}

/** DSSE PAE over raw payload bytes: `DSSEv1 <len(type)> <type> <len(payload)> <payload>`. */
export function paeOf(payloadType: string, payload: Uint8Array): Buffer {
  const head = `DSSEv1 ${Buffer.byteLength(payloadType, 'utf8')} ${payloadType} ${payload.length} `;
  return Buffer.concat([Buffer.from(head, 'utf8'), payload]);
}

/** Per control and stage, the deciding entry's status, its evidence objects and its signer. */
function supportingOf(body: ClaimBody, entries: readonly StoredEntry[]) {
  const byHash = new Map(entries.map((e) => [e.hash, e]));
  return body.supporting.map((hash) => {
    const entry = byHash.get(hash)?.entry;
    const b = (entry?.body ?? {}) as Record<string, unknown>;
    return {
      entry: hash,
      kind: entry?.kind ?? 'missing',
      ...(typeof b['control'] === 'string' ? { control: b['control'] } : {}),
      ...(typeof b['stage'] === 'string' ? { stage: b['stage'] } : {}),
      ...(typeof b['status'] === 'string' ? { status: b['status'] } : {}),
      objects: entry?.storage.objects ?? [],
      ...(entry === undefined
        ? {}
        : {
            signer: {
              authority: entry.actor.authority,
              context: entry.actor.context,
              ...(entry.actor.keyid === undefined ? {} : { keyid: entry.actor.keyid }),
            },
          }),
    };
  });
}

/** The Statement of `claim` (a stored claim entry) about `commit`, named `name`. */
export function buildClaimStatement(
  claim: StoredEntry,
  entries: readonly StoredEntry[],
  commit: string,
  name: string,
  ledgerId: string,
): ClaimStatement {
  const body = claim.entry.body as unknown as ClaimBody;
  const supporting = supportingOf(body, entries);
  const controls = body.controls.map((id) => ({
    id,
    stages: Object.fromEntries(
      supporting.flatMap((s): [string, { status: unknown; entry: string }][] =>
        s.control === id && typeof s.stage === 'string'
          ? [[s.stage, { status: s.status, entry: s.entry }]]
          : [],
      ),
    ),
  }));
  return {
    _type: STATEMENT_TYPE,
    subject: [{ name, digest: { gitCommit: commit, gitTree: claim.entry.subject.tree } }],
    predicateType: CLAIM_PREDICATE_TYPE,
    predicate: {
      ledger_id: ledgerId,
      claim: {
        entry: claim.hash,
        segment: claim.entry.segment,
        seq: claim.entry.seq,
        time: claim.entry.time,
        by: claim.entry.actor.authority,
      },
      scope: body.scope,
      outcome: body.outcome,
      maturity: body.maturity,
      ...(body.subproject === undefined ? {} : { subproject: body.subproject }),
      subject: claim.entry.subject,
      controls,
      stages: body.stages,
      supporting,
    },
  };
}

/** The DSSE envelope of `statement`, signed by `signer`. */
export function signStatement(statement: ClaimStatement, signer: Signer): DsseEnvelope {
  const payload = Buffer.from(JSON.stringify(statement), 'utf8');
  const pae = paeOf(IN_TOTO_PAYLOAD_TYPE, payload);
  const sig = Buffer.from(signer.sign(pae)).toString('base64');
  return {
    payloadType: IN_TOTO_PAYLOAD_TYPE,
    payload: payload.toString('base64'),
    signatures: [{ keyid: signer.keyid, sig }],
  };
}

export interface EnvelopeCheck {
  ok: boolean;
  /** The keyid whose signature verified, when one did. */
  keyid?: string;
  problems: string[];
  statement?: ClaimStatement;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks an envelope's signatures against `keys` (keyid → raw public key, base64). */
export function checkEnvelope(value: unknown, keys: ReadonlyMap<string, string>): EnvelopeCheck {
  if (
    !isRecord(value) ||
    typeof value['payload'] !== 'string' ||
    !Array.isArray(value['signatures'])
  )
    return { ok: false, problems: ['not a DSSE envelope {payloadType, payload, signatures}'] };
  if (value['payloadType'] !== IN_TOTO_PAYLOAD_TYPE)
    return { ok: false, problems: [`payloadType is not ${IN_TOTO_PAYLOAD_TYPE}`] };
  const payload = Buffer.from(value['payload'], 'base64');
  if (payload.toString('base64') !== value['payload'])
    return { ok: false, problems: ['payload is not canonical base64'] };
  const pae = paeOf(IN_TOTO_PAYLOAD_TYPE, payload);
  const problems: string[] = [];
  let keyid: string | undefined;
  for (const sig of value['signatures'] as unknown[]) {
    if (!isRecord(sig) || typeof sig['keyid'] !== 'string' || typeof sig['sig'] !== 'string') {
      problems.push('a signature is not {keyid, sig}');
      continue;
    }
    const key = keys.get(sig['keyid']);
    if (key === undefined) {
      problems.push(`keyid ${sig['keyid'].slice(0, 12)}… is not a trusted key`);
      continue;
    }
    let valid: boolean;
    try {
      valid = verify(null, pae, publicKeyFromRaw(key), Buffer.from(sig['sig'], 'base64'));
    } catch {
      valid = false;
    }
    if (valid) keyid ??= sig['keyid'];
    else problems.push(`signature by keyid ${sig['keyid'].slice(0, 12)}… does not verify`);
  }
  let statement: ClaimStatement | undefined;
  try {
    statement = JSON.parse(payload.toString('utf8')) as ClaimStatement;
  } catch {
    problems.push('payload is not JSON');
  }
  if (statement !== undefined && statement._type !== STATEMENT_TYPE)
    problems.push(`payload is not an in-toto Statement v1 (_type ${String(statement._type)})`);
  return {
    ok: keyid !== undefined && problems.length === 0,
    ...(keyid === undefined ? {} : { keyid }),
    problems,
    ...(statement === undefined ? {} : { statement }),
  };
}
