// `proofgate report --html <file>`: one self-contained HTML page for human auditors
// (references/report.md). Gather (ledger kept with its verify findings) → buildReport (the same
// computeStatuses/decideVerdict as status and claim) → renderReportHtml → one atomic write.
import { resolve } from 'node:path';
import type { Context } from './lib/core/context.ts';
import { UsageError } from './lib/core/errors.ts';
import type { ControlStatusValue } from './lib/core/gate/status/compute-status.ts';
import type { ClaimBlocker } from './lib/core/gate/claim/decide-claim.ts';
import type { ClaimScope } from './lib/core/plane/types.ts';
import { buildReport } from './lib/core/report/build-report.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { gatherReport } from './lib/flows/report-flow.ts';
import { resolveRoot } from './lib/io/git.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { readBaseRef, readTrustPath, trustFlag } from './lib/cli/gate-flags.ts';
import { readTrustOption } from './lib/io/trust-io.ts';
import { createRealGateIO } from './lib/cli/world/real-gate-io.ts';
import { writeFileAtomic } from './lib/io/write-file-atomic.ts';
import { renderReportHtml } from './lib/render/report-html.ts';
import { renderRules } from './lib/render/render-gate.ts';
import type { RulesReport } from './lib/core/gate/claim/base-rules.ts';
import type { CommonOptions } from './lib/core/options.ts';

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

export interface ReportResult {
  /** Absolute path of the written page. */
  file: string;
  bytes: number;
  /** The ledger passed every check of `verify --full`. */
  isIntact: boolean;
  /** The upstream the ledger was proven to extend, when there is one (and no --no-base). */
  upstream?: { ref: string; commit: string };
  findings: number;
  /** The same count under the name every verb's --json uses (the integrity check's findings). */
  findingCount: number;
  /** Every required control is PASS or NOT_APPLICABLE and a project claim now would be granted. */
  isReady: boolean;
  counts: Record<ControlStatusValue, number>;
  /** `claim` verdicts for project and release if made now. */
  claims: string[];
  /**
   * What is open, per claim scope: the blockers `claim`, `readiness`, `query blockers` and `next`
   * name (none, and not granted, when the ledger does not verify).
   */
  open: { scope: ClaimScope; granted: boolean; blockers: ClaimBlocker[] }[];
  /** Where the rules of those claim decisions came from, as `claim` says it. */
  rules?: RulesReport;
  entries: number;
  /** Unproven stops no later granted claim covers (references/hook.md), one warning each. */
  unprovenStops: string[];
}

export async function runReport(options: ReportOptions, ctx: Context): Promise<ReportResult> {
  const root = await resolveRoot(options.root, ctx.cwd);
  const trust = readTrustOption(ctx.cwd, options.trust);
  const input = await gatherReport(
    {
      root,
      requirements: options.requirements,
      now: ctx.clock.now(),
      maxEntries: options.maxEntries,
      noBase: options.noBase,
      ...(options.base === undefined ? {} : { base: options.base }),
      trust,
    },
    ctx,
    createRealGateIO(ctx, { trust }),
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
    open: model.claimsNow.map((d) => ({
      scope: d.scope,
      granted: model.integrity.ok && d.granted,
      blockers: model.integrity.ok ? d.blockers : [],
    })),
    ...(model.rules === undefined ? {} : { rules: model.rules }),
    entries: model.ledger.total,
    unprovenStops: model.unprovenStops.map((stop) => stop.warning),
  };
}

export function renderReportResult(r: ReportResult): string {
  const integrity = r.isIntact
    ? r.upstream === undefined
      ? 'ledger intact'
      : `ledger intact, append-only against ${r.upstream.ref} (fork point ${r.upstream.commit.slice(0, 7)})`
    : `LEDGER TAMPERED: ${r.findings} integrity findings (run "proofgate verify --full")`;
  const head = `${r.isIntact ? 'REPORT' : 'TAMPERED'} ${r.file} (${Math.ceil(r.bytes / 1024)} KB, ${r.entries} entries): ${integrity}; ${r.isReady ? 'READY' : 'NOT READY'}`;
  const stops = r.unprovenStops.map((w) => `  warning: ${w}`);
  const rules = r.rules === undefined ? [] : renderRules(r.rules);
  return `${[head, ...r.claims.map((c) => `  if claimed now: ${c}`), ...rules, ...stops].join('\n')}\n`;
}

export const report = defineVerb<ReportOptions, ReportResult>({
  name: 'report',
  describe: 'Write one self-contained HTML report for human auditors',
  examples: [
    ['proofgate report --html audit.html', 'integrity, statuses, timeline, claims, traceability'],
    [
      'proofgate report --html audit.html --max-entries 1000',
      'list the latest 1000 ledger entries in full (all are counted)',
    ],
  ],
  builder: (y) =>
    trustFlag(y)
      .option('html', { type: 'string', describe: 'Path of the HTML file to write (required)' })
      .option('max-entries', {
        type: 'number',
        default: 200,
        describe: 'Ledger entries listed in full in the timeline; older ones are only counted',
      })
      .option('requirements', {
        type: 'string',
        array: true,
        describe: 'Requirement file for the traceability section (YAML; repeatable)',
      })
      .option('base', {
        type: 'string',
        describe:
          'Git ref the ledger must extend and whose rules decide, as in claim (default: the branch upstream when there is one; --no-base skips it)',
      }),
  toOptions: (argv, common) => {
    const html = argv['html'];
    if (typeof html !== 'string' || html === '') {
      throw new UsageError('MISSING_ARG', 'report needs the output file', {
        expected: '--html <file>',
        next: 'e.g. proofgate report --html audit.html',
      });
    }
    const maxEntries = argv['max-entries'];
    if (typeof maxEntries !== 'number' || !Number.isSafeInteger(maxEntries) || maxEntries < 0) {
      throw new UsageError('BAD_VALUE', `--max-entries ${String(maxEntries)} is not a count`, {
        expected: 'a whole number >= 0, e.g. --max-entries 500',
      });
    }
    const requirements = argv['requirements'];
    return {
      ...common,
      html,
      maxEntries,
      requirements: (Array.isArray(requirements) ? requirements : []).map(String),
      ...readBaseRef(argv),
      ...readTrustPath(argv),
    };
  },
  run: runReport,
  render: renderReportResult,
  exitCode: (r) => (r.isIntact ? 0 : 3),
});

runIfMain(import.meta.url, report);
