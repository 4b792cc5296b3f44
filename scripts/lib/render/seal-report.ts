// Human output of `proofgate seal`: the verdict first.

export interface SealReport {
  archiveId: string;
  /** `file:line` of the seal entry. */
  entry: string;
  heads: Record<string, string>;
  inventory: string;
  objects: number;
  /** Segments the seal closed: their writers continue in `<name>-g<N>`. */
  closed: string[];
}

export function renderSeal(report: SealReport): string {
  return [
    `SEALED archive ${report.archiveId}: ${Object.keys(report.heads).length} segment heads, ${report.objects} evidence objects (inventory ${report.inventory})`,
    `seal entry: ${report.entry}`,
    `closed segments (writers continue in <name>-g<N>): ${report.closed.join(', ')}`,
  ].join('\n');
}
