// `proofgate report --html <file>`: one self-contained HTML page for human auditors
// (references/report.md). Gather (ledger kept with its verify findings) → buildReport (the same
// computeStatuses/decideVerdict as status and claim) → renderReportHtml → one atomic write.
import { UsageError } from './lib/core/errors.ts';
import { defineVerb } from './lib/cli/define-verb.ts';
import { baseRefFlag, readBaseRef, trustFlag, trustPath } from './lib/cli/gate-flags.ts';
import { runReport } from './lib/cli/run/report.ts';
import { renderReportResult } from './lib/render/report/result.ts';

export { runReport };

export const report = defineVerb({
  examples: [
    ['proofgate report --html audit.html', 'integrity, statuses, timeline, claims, traceability'],
    [
      'proofgate report --html audit.html --max-entries 1000',
      'list the latest 1000 ledger entries in full (all are counted)',
    ],
  ],
  flags: {
    ...trustFlag,
    html: { type: 'string', describe: 'Path of the HTML file to write (required)' },
    'max-entries': {
      type: 'number',
      default: 200,
      describe: 'Ledger entries listed in full in the timeline; older ones are only counted',
    },
    requirements: {
      type: 'string',
      array: true,
      describe: 'Requirement file for the traceability section (YAML; repeatable)',
    },
    ...baseRefFlag,
  },
  toOptions: (argv, common) => {
    const { html } = argv;
    if (html === undefined || html === '') {
      throw new UsageError('MISSING_ARG', 'report needs the output file', {
        expected: '--html <file>',
        next: 'e.g. proofgate report --html audit.html',
      });
    }
    const maxEntries = argv['max-entries'];
    if (!Number.isSafeInteger(maxEntries) || maxEntries < 0) {
      throw new UsageError('BAD_VALUE', `--max-entries ${String(maxEntries)} is not a count`, {
        expected: 'a whole number >= 0, e.g. --max-entries 500',
      });
    }
    return {
      ...common,
      html,
      maxEntries,
      requirements: argv.requirements ?? [],
      ...readBaseRef(argv.base),
      ...trustPath(argv.trust),
    };
  },
  run: runReport,
  render: renderReportResult,
  // A ledger that does not verify, or a modified gate (verify's TOOL_MODIFIED): integrity, 3.
  exitCode: (r) => (r.isIntact && r.gateModified !== true ? 0 : 3),
});
