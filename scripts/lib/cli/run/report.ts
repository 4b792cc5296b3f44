// The real-I/O wiring of `proofgate report --html <file>` (references/report.md): the root, the
// --trust file and the gate world handed to the gather step; the page is built (buildReport, the
// same decisions as status and claim), rendered and written atomically.
import { resolve } from 'node:path';
import type { Context } from '../../core/context.ts';
import type { CommonOptions } from '../../core/options.ts';
import { buildReport } from '../../core/report/build-report.ts';
import { gatherReport, type ReportResult } from '../../flows/views/report-flow.ts';
import { writeFileAtomic } from '../../io/host/write-file-atomic.ts';
import { renderReportHtml } from '../../render/report/html.ts';
import { openWorld } from '../world/open-world.ts';

export interface ReportOptions extends CommonOptions {
  html: string;
  maxEntries: number;
  requirements: string[];
  noBase: boolean;
  /** `--base <ref>`: the ledger must extend this ref, and its rules decide (as in claim). */
  base?: string;
  /** `--trust FILE`: the auditor's trust root (references/trust.md). */
  trust?: string;
}

export async function runReport(options: ReportOptions, ctx: Context): Promise<ReportResult> {
  const world = openWorld(ctx, { trustFile: options.trust });
  const root = await world.resolveRoot(options.root);
  const input = await gatherReport(
    {
      root,
      requirements: options.requirements,
      now: ctx.clock.now(),
      maxEntries: options.maxEntries,
      noBase: options.noBase,
      ...(options.base === undefined ? {} : { base: options.base }),
      trust: world.trust,
    },
    ctx,
    world,
  );
  const model = buildReport(input);
  const html = renderReportHtml(model);
  const file = resolve(ctx.cwd, options.html);
  writeFileAtomic(file, html, '--html');
  return {
    file,
    bytes: Buffer.byteLength(html),
    isIntact: model.integrity.ok,
    ...(model.integrity.upstream === undefined ? {} : { upstream: model.integrity.upstream }),
    findings: model.integrity.totalFindings,
    findingCount: model.integrity.totalFindings,
    // READY as the page's green headline: every required control passes and a project claim now
    // would be granted, under claim's rules, on a ledger that verifies.
    isReady:
      model.isReady &&
      model.integrity.ok &&
      model.claimsNow.every((d) => d.scope !== 'project' || d.granted),
    counts: model.counts,
    // On a ledger that does not verify, claim decides nothing: no verdict is shown as if it did.
    claims: model.claimsNow.map((d) =>
      model.integrity.ok
        ? d.verdict
        : `REFUSED [${d.scope}] the ledger does not verify (exit 3); no verdict is computed from it`,
    ),
    ...(model.claimsNow.some((d) => d.gateModified === true) ? { gateModified: true } : {}),
    open: model.claimsNow.map((d) => ({
      scope: d.scope,
      granted: model.integrity.ok && d.granted,
      blockers: model.integrity.ok ? d.blockers : [],
    })),
    ...(model.rules === undefined ? {} : { rules: model.rules }),
    entries: model.ledger.total,
    ...(model.trustRoot === undefined ? {} : { trustFile: model.trustRoot.name }),
    unprovenStops: model.unprovenStops.map((stop) => stop.warning),
  };
}
