// export: a granted claim as a signed in-toto Statement in a DSSE envelope (--claim), and the
// offline check of such an envelope against a trust file's keys (--verify). The claim is read from
// the verified ledger (with --trust, against the trust file); the subject is the commit whose
// subject tree the claim judged.
import type { World } from '../../core/world/world.ts';
import type { Context } from '../../core/context.ts';
import { ConfigError, UsageError } from '../../core/errors.ts';
import {
  buildClaimStatement,
  checkEnvelope,
  signStatement,
  type ClaimStatement,
} from '../../core/export/claim-statement.ts';
import { findEntry } from '../../core/gate/query/query-views.ts';
import type { CommonOptions } from '../../core/options.ts';

export interface ExportOptions extends CommonOptions {
  /** Hash prefix of a claim entry, or `latest`; undefined with --verify. */
  claim: string | undefined;
  /** An envelope to check instead of writing one. */
  verify: string | undefined;
  /** The signing authority (default: the claim's own actor authority). */
  authorityId: string | undefined;
  out: string | undefined;
  trust: string | undefined;
}

export type ExportResult =
  | {
      mode: 'claim';
      written: string;
      claim: string;
      commit: string;
      authority: string;
      keyid: string;
      statement: ClaimStatement;
    }
  | {
      mode: 'verify';
      ok: boolean;
      file: string;
      trust: string;
      keyid?: string;
      authority?: string;
      problems: string[];
      subject?: ClaimStatement['subject'];
      predicateType?: string;
    };

export async function exportFlow(
  options: ExportOptions,
  ctx: Context,
  io: World,
): Promise<ExportResult> {
  if (options.verify !== undefined) return verifyExport(options.verify, options.trust, ctx, io);
  if (options.out === undefined) {
    throw new UsageError('MISSING_ARG', 'export --claim needs --out <file>', {
      next: 'proofgate export --claim latest --out claim.dsse.json',
    });
  }
  // The world reads its `--trust` file once the root is found: its keys decide the claim read.
  const root = await io.resolveRoot(options.root);
  const plane = await io.loadPlane(root);
  const entries = await io.readEntries(plane);
  const claim = findEntry(entries, options.claim, 'claim');
  const tree = claim.entry.subject.tree;
  const commit = (await io.subject.findSubjectCommits(plane, new Set([tree]))).get(tree);
  if (commit === undefined) {
    throw new UsageError(
      'UNKNOWN_ID',
      `no recent commit has the tree claim ${claim.hash.slice(0, 12)} judged (${tree})`,
      {
        next: 'export from the branch the claim was made on',
      },
    );
  }
  const authority = options.authorityId ?? claim.entry.actor.authority;
  const signer = io.keys.loadSigner(plane, authority, ctx.env);
  if (signer === undefined) {
    throw new ConfigError(
      'KEY_INVALID',
      `authority ${authority} has no registered key to sign the export`,
      {
        next: `proofgate export --claim ${options.claim ?? 'latest'} --authority-id <keyed authority> --out ${options.out}`,
      },
    );
  }
  const statement = buildClaimStatement(
    claim,
    entries,
    commit,
    plane.manifest.project.name,
    plane.manifest.ledger_id,
  );
  const envelope = signStatement(statement, signer);
  const written = io.trustFiles.writeExportFile(
    ctx.cwd,
    options.out,
    `${JSON.stringify(envelope, null, 2)}\n`,
  );
  return {
    mode: 'claim',
    written,
    claim: claim.hash,
    commit,
    authority,
    keyid: signer.keyid,
    statement,
  };
}

function verifyExport(
  file: string,
  trustName: string | undefined,
  ctx: Context,
  { trustFiles }: Pick<World, 'trustFiles'>,
): ExportResult {
  if (trustName === undefined) {
    throw new UsageError('MISSING_ARG', 'export --verify needs --trust <file>', {
      expected: "the trust file holding the signer's public key (proofgate export --trust-root)",
    });
  }
  const { trust } = trustFiles.readTrustFile(ctx.cwd, trustName);
  const owners = new Map<string, string>();
  const keys = new Map<string, string>();
  for (const authority of trust.authorities) {
    for (const key of authority.keys) {
      keys.set(key.keyid, key.public_key);
      owners.set(key.keyid, authority.id);
    }
  }
  const check = checkEnvelope(trustFiles.readJsonFile(ctx.cwd, file), keys);
  const authority = check.keyid === undefined ? undefined : owners.get(check.keyid);
  return {
    mode: 'verify',
    ok: check.ok,
    file,
    trust: trustName,
    ...(check.keyid === undefined ? {} : { keyid: check.keyid }),
    ...(authority === undefined ? {} : { authority }),
    problems: check.problems,
    ...(check.statement === undefined
      ? {}
      : { subject: check.statement.subject, predicateType: check.statement.predicateType }),
  };
}
