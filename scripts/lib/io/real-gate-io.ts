// The real GateIO: the ledger, the object store, subject bindings, the process runner, the trace
// checker and file access, as the gate flows (scripts/lib/gate/) expect them.
import type { Context } from '../core/context.ts';
import { IntegrityError } from '../core/errors.ts';
import { parseLedger } from '../core/ledger/parse-ledger.ts';
import { referencedObjects, verifyLedger } from '../core/ledger/verify-ledger.ts';
import type { GateIO } from '../gate/gate-io.ts';
import { readFileInRoot, statPath } from './gate-files.ts';
import { loadSigner } from './keys.ts';
import { appendEntry, ledgerIdOf, readLedger } from './ledger-store.ts';
import { createObjectStore } from './objects.ts';
import { loadPlane } from './plane.ts';
import type { Plane } from './plane.ts';
import { runCommand } from './run-command.ts';
import { computeSubjects } from './subject.ts';
import { checkTraceControl } from './trace/check-trace-control.ts';

/**
 * Every entry of the ledger, after the line, chain, reference, signature and seal checks of
 * `verify --full` (objects are re-hashed where a flow reads them, not here). Any finding is an
 * IntegrityError: a gate never decides on a ledger it cannot trust.
 */
async function readTrustedEntries(plane: Plane) {
  const parsed = parseLedger(await readLedger(plane));
  const manifestFile = plane.manifestPath.slice(plane.root.length + 1);
  const objects = new Map([...referencedObjects(parsed)].map((d) => [d, 'ok' as const]));
  const { findings } = verifyLedger({
    parsed,
    ledgerId: ledgerIdOf(plane.manifest, manifestFile),
    authorities: plane.manifest.authorities,
    manifestFile,
    objects,
  });
  if (findings.length > 0) {
    throw new IntegrityError(
      'CHAIN_BROKEN',
      `the ledger failed verification (${findings.length} findings)`,
      {
        ...(findings[0] === undefined ? {} : { where: `${findings[0].file}:${findings[0].line}` }),
        problems: findings.map((f) => `${f.file}:${f.line}: ${f.code} ${f.message}`),
        next: 'run "proofgate verify --full" and have a human inspect the lines named; nothing was written',
      },
    );
  }
  return parsed.entries;
}

export function createRealGateIO(ctx: Context): GateIO {
  return {
    loadPlane: (root) => Promise.resolve(loadPlane(root)),
    computeSubjects,
    readEntries: readTrustedEntries,
    append: (plane, draft) => {
      const signer = loadSigner(plane, draft.actor.authority, ctx.env);
      const actor = signer === undefined ? draft.actor : { ...draft.actor, keyid: signer.keyid };
      return appendEntry(
        plane,
        { ...draft, actor },
        {
          manifest: plane.manifest,
          ...(signer === undefined ? {} : { signer }),
        },
      );
    },
    objects: createObjectStore,
    runCommand,
    checkTrace: async (root, execution) => {
      const result = await checkTraceControl(root, execution);
      return {
        status: result.status,
        detail: result.summary,
        ...(result.report === null
          ? {}
          : { report: new TextEncoder().encode(`${JSON.stringify(result.report, null, 2)}\n`) }),
      };
    },
    statPath,
    readFile: readFileInRoot,
  };
}
