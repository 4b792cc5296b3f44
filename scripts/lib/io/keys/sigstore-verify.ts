// Offline checks of keyless (Sigstore) entry signatures through the sigstore-js libraries: the
// bundle must verify against the trusted root (certificate chain to Fulcio, signed certificate
// timestamp, Rekor entry with its inclusion proof or promise), sign exactly the entry's PAE bytes,
// and name in its certificate an identity the authority declares. Nothing here re-implements a
// certificate or log check; it only reads the bundle, asks @sigstore/verify, and compares the
// identity strings. Loaded lazily, only when a ledger holds a keyless signature.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleFromJSON, isBundleWithDsseEnvelope } from '@sigstore/bundle';
import { TrustedRoot } from '@sigstore/protobuf-specs';
import { Verifier, toSignedEntity, toTrustMaterial } from '@sigstore/verify';
import type { TrustMaterial } from '@sigstore/verify';
import { ConfigError } from '../../core/errors.ts';
import { sha256Hex } from '../../core/hash.ts';
import { keylessTimeProblem, sameIdentity } from '../../core/ledger/keyless.ts';
import type { KeylessJob } from '../../core/ledger/keyless.ts';
import { ENTRY_PAYLOAD_TYPE } from '../../core/ledger/sign-entry.ts';
import { signedMessage } from '../../core/ledger/verify-signatures.ts';
import type { LedgerFinding } from '../../core/ledger/types.ts';
import type { PlaneLocation } from '../../core/plane/plane.ts';
import type { SigstoreIdentity } from '../../core/plane/types.ts';
import { assertStoreShape, objectsDir } from '../ledger/objects.ts';
import { packagePath } from '../host/package-root.ts';

/** The public-good trusted root shipped with the package (controls/sigstore/SOURCE.md). */
export const PUBLIC_GOOD_ROOT = ['controls', 'sigstore', 'public-good-trusted-root.json'];

/** Trust material from a trusted_root.json file (default: the shipped public-good root). */
export function loadTrustMaterial(file?: string): TrustMaterial {
  const path = file ?? packagePath(...PUBLIC_GOOD_ROOT);
  try {
    const json = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    return toTrustMaterial(TrustedRoot.fromJSON(json));
  } catch (error) {
    throw new ConfigError('SCHEMA_INVALID', `cannot read the Sigstore trusted root ${path}`, {
      where: path,
      problems: [(error as Error).message],
      expected: 'a trusted_root.json (application/vnd.dev.sigstore.trustedroot+json)',
      next: 'pass --sigstore-root with a trusted root file, or omit it to use the shipped public-good root',
    });
  }
}

export interface KeylessVerdict {
  /** Undefined when the bundle verifies and names a declared identity. */
  problem?: { code: 'SIGNATURE_INVALID' | 'OBJECT_MISSING' | 'OBJECT_CORRUPT'; message: string };
  /** The log's integrated time (ISO), the entry's trusted time, when the bundle verified. */
  integratedTime?: string;
}

/** What a verified bundle shows: the certificate's identity and the log's integrated time. */
export interface VerifiedBundle {
  identity: SigstoreIdentity;
  /** Seconds since the epoch, from the transparency log entry. */
  integratedTime: number;
  /** The DSSE envelope's payload type and payload, when the bundle holds one. */
  envelope?: { payloadType: string; payload: Buffer };
}

/**
 * Verifies a bundle (JSON bytes) with @sigstore/verify against `trust`: certificate chain, SCT,
 * transparency log entry (inclusion proof or promise, checkpoint) and the signature over
 * `artifact` (a message-signature bundle) or over its own envelope (DSSE). Throws on failure.
 */
export function verifySigstoreBundle(
  bytes: Buffer,
  artifact: Buffer | undefined,
  trust: TrustMaterial,
): VerifiedBundle {
  const bundle = bundleFromJSON(JSON.parse(bytes.toString('utf8')));
  const verifier = new Verifier(trust, { tlogThreshold: 1, ctlogThreshold: 1 });
  const signer = verifier.verify(toSignedEntity(bundle, artifact));
  return {
    identity: {
      issuer: signer.identity?.extensions?.issuer ?? '',
      subject: signer.identity?.subjectAlternativeName ?? '',
    },
    integratedTime: Number(bundle.verificationMaterial.tlogEntries[0]?.integratedTime ?? 0),
    ...(isBundleWithDsseEnvelope(bundle) ? { envelope: bundle.content.dsseEnvelope } : {}),
  };
}

/** Checks one bundle (JSON bytes) against the message it must sign and the declared identity. */
export function verifyBundle(
  bytes: Buffer,
  message: Buffer,
  job: Pick<KeylessJob, 'identity' | 'time'>,
  trust: TrustMaterial,
): KeylessVerdict {
  const fail = (text: string): KeylessVerdict => ({
    problem: { code: 'SIGNATURE_INVALID', message: `keyless signature: ${text}` },
  });
  let verified: VerifiedBundle;
  try {
    verified = verifySigstoreBundle(bytes, message, trust);
  } catch (error) {
    return fail(
      `the bundle does not verify for this entry against the trusted root (${(error as Error).message})`,
    );
  }
  if (verified.envelope !== undefined) {
    // A DSSE envelope signs PAE(payloadType, payload): the entry's bytes only for its type and body.
    const { payloadType, payload } = verified.envelope;
    const head = `DSSEv1 ${Buffer.byteLength(payloadType)} ${payloadType} ${payload.length} `;
    if (
      payloadType !== ENTRY_PAYLOAD_TYPE ||
      !Buffer.concat([Buffer.from(head), payload]).equals(message)
    ) {
      return fail('the bundle signs other bytes than this entry');
    }
  }
  const named = verified.identity;
  if (!sameIdentity(named, job.identity.identity)) {
    return fail(
      `the certificate names issuer ${named.issuer || '(none)'} and subject ${named.subject || '(none)'}, not ${job.identity.identity.issuer} ${job.identity.identity.subject} that ${job.identity.authority} declares`,
    );
  }
  const timeProblem = keylessTimeProblem(job.time, verified.integratedTime);
  if (timeProblem !== undefined) return fail(timeProblem);
  return { integratedTime: new Date(verified.integratedTime * 1000).toISOString() };
}

/** Reads each job's bundle from the object store and checks it; returns the findings. */
export function verifyKeylessJobs(
  plane: PlaneLocation,
  jobs: readonly KeylessJob[],
  trustedRoot?: string,
): LedgerFinding[] {
  if (jobs.length === 0) return [];
  const trust = loadTrustMaterial(trustedRoot);
  const findings: LedgerFinding[] = [];
  for (const job of jobs) {
    const path = join(objectsDir(plane), job.bundle.slice(0, 2), job.bundle);
    let verdict: KeylessVerdict;
    if (!assertStoreShape(plane, path)) {
      verdict = {
        problem: {
          code: 'OBJECT_MISSING',
          message: `keyless signature: bundle object ${job.bundle} is not in the object store`,
        },
      };
    } else {
      const bytes = readFileSync(path);
      verdict =
        sha256Hex(bytes) === job.bundle
          ? verifyBundle(bytes, signedMessage(job.signed), job, trust)
          : {
              problem: {
                code: 'OBJECT_CORRUPT',
                message: `keyless signature: bundle object ${job.bundle} does not hash to its name`,
              },
            };
    }
    if (verdict.problem !== undefined) {
      findings.push({ file: job.file, line: job.line, ...verdict.problem });
    }
  }
  return findings;
}
