// Trace findings for the report: trace controls store their findings report as an evidence object
// (the run body's `review`). The latest run of each trace control names the object to read; the
// object is untrusted JSON and is parsed field by field.
import { LedgerOrder } from '../ledger/ledger-order.ts';
import type { StoredEntry } from '../ledger/types.ts';
import type { Registry } from '../plane/types.ts';

interface TraceFindingRow {
  control: string;
  /** The ledger entry whose evidence holds the finding. */
  entry: string;
  trace: string;
  rule: string;
  level: string;
  outcome: string;
  message: string;
  /** Event seqs of the offending events. */
  at: number[];
}

export interface TraceFindings {
  rows: TraceFindingRow[];
  total: number;
  /** Trace controls whose evidence is missing, corrupt or unreadable, or whose traces failed to read. */
  problems: string[];
}

/** An evidence object as the gather step found it (re-hashed against its digest). */
export type EvidenceObject = Uint8Array | 'missing' | 'corrupt';

/** The latest run entry in ledger order (never by the writer's clock) of every trace control that has one. */
export function latestTraceRuns(
  registry: Registry,
  entries: readonly StoredEntry[],
  order: LedgerOrder = new LedgerOrder(entries),
): Map<string, { entry: StoredEntry; review: string | undefined }> {
  const traceIds = new Set(
    registry.controls.filter((c) => c.execution.type === 'trace').map((c) => c.id),
  );
  const latest = new Map<string, { entry: StoredEntry; review: string | undefined }>();
  const ranks = new Map<string, number>();
  for (const stored of entries) {
    const { kind, body } = stored.entry;
    const control = body['control'];
    if (kind !== 'run' || typeof control !== 'string' || !traceIds.has(control)) continue;
    const rank = order.rank(stored.hash);
    if ((ranks.get(control) ?? -Infinity) > rank) continue;
    ranks.set(control, rank);
    const review = body['review'];
    latest.set(control, {
      entry: stored,
      review: typeof review === 'string' && /^[0-9a-f]{64}$/.test(review) ? review : undefined,
    });
  }
  return latest;
}

const asRecord = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : undefined;
const asString = (v: unknown): string => (typeof v === 'string' ? v : '?');
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function parseReport(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}

export function collectTraceFindings(
  registry: Registry,
  entries: readonly StoredEntry[],
  objects: ReadonlyMap<string, EvidenceObject>,
  maxRows: number,
  order: LedgerOrder = new LedgerOrder(entries),
): TraceFindings {
  const result: TraceFindings = { rows: [], total: 0, problems: [] };
  for (const [control, { entry, review }] of latestTraceRuns(registry, entries, order)) {
    if (review === undefined) continue;
    const object = objects.get(review) ?? 'missing';
    const report = typeof object === 'string' ? undefined : asRecord(parseReport(object));
    if (report === undefined) {
      const why = typeof object === 'string' ? object : 'not a JSON findings report';
      result.problems.push(`${control}: evidence ${review.slice(0, 12)} is ${why}`);
      continue;
    }
    for (const item of asArray(report['traces']).map(asRecord)) {
      if (item === undefined) continue;
      const trace = asString(item['file']);
      const error = asRecord(item['error']);
      if (error !== undefined)
        result.problems.push(`${control}: ${trace}: ${asString(error['message'])}`);
      for (const f of asArray(asRecord(item['verdict'])?.['findings']).map(asRecord)) {
        if (f === undefined) continue;
        result.total += 1;
        if (result.rows.length >= maxRows) continue;
        result.rows.push({
          control,
          entry: entry.hash,
          trace,
          rule: asString(f['rule']),
          level: asString(f['level']),
          outcome: asString(f['outcome']),
          message: asString(f['message']),
          at: asArray(f['at']).filter((n): n is number => Number.isSafeInteger(n)),
        });
      }
    }
  }
  return result;
}
