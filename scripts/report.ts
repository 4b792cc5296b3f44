// `proofgate report --html <file>`: one self-contained HTML page for human auditors
// (references/report.md). Gather (ledger kept with its verify findings) → buildReport (the same
// computeStatuses/decideVerdict as status and claim) → renderReportHtml → one atomic write.
import { UsageError } from './lib/core/errors.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import type { ReportResult } from './lib/flows/report-flow.ts';
import { runIfMain } from './lib/cli/run-if-main.ts';
import { readBaseRef, readTrustPath, trustFlag } from './lib/cli/gate-flags.ts';
import { runReport, type ReportOptions } from './lib/cli/run/report.ts';
import { renderReportResult } from './lib/render/report-result.ts';

export { runReport };

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
  // A ledger that does not verify, or a modified gate (verify's TOOL_MODIFIED): integrity, 3.
  exitCode: (r) => (r.isIntact && r.gateModified !== true ? 0 : 3),
});

runIfMain(import.meta.url, report);
