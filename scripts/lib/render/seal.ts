// Human output of `proofgate seal`: the verdict first.
import type { SealReport } from '../flows/ledger/seal-flow.ts';

export function renderSeal(report: SealReport): string {
  return [
    `SEALED archive ${report.archiveId}: ${Object.keys(report.heads).length} segment heads, ${report.objects} evidence objects (inventory ${report.inventory})`,
    `seal entry: ${report.entry}`,
    `closed segments (writers continue in <name>-g<N>): ${report.closed.join(', ')}`,
    ...(report.archive === undefined
      ? []
      : [
          `plane archive: ${report.archive.files} files, manifest ${report.archive.manifest} (replace the plane with "proofgate init --profile <file> --from-archive ${report.archiveId}")`,
        ]),
    ...(report.checkpoint === undefined
      ? []
      : [
          `checkpoint: ${report.checkpoint.entry} covers ${report.checkpoint.covered} lines, keeps ${report.checkpoint.retained} (state ${report.checkpoint.state})`,
        ]),
  ].join('\n');
}
