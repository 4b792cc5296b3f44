// One ranked list of what to do now (`proofgate status --next`): failing, stale, blocked and TODO controls,
// traceability gaps and open hypotheses, ordered by priority = infoGain × risk ÷ cost, with a fixed
// exploration share so the list does not collapse onto the familiar.
// Exploration picks are seeded and therefore reproducible.
import type { ControlStatusValue } from '../gate/status/compute-status.ts';
import type { ClaimBlocker } from '../gate/claim/decide-claim.ts';
import { sha256Hex } from '../hash.ts';
import type { HypothesisView } from './decide-hypotheses.ts';
import { priority } from './priority.ts';

type NextKind = 'control' | 'gap' | 'hypothesis';

export interface NextItem {
  kind: NextKind;
  id: string;
  reason: string;
  infoGain: number;
  risk: number;
  cost: number;
  /** The command that moves this item forward, when one exists (gaps in the registry have none). */
  next?: string;
  /** A claim's blocker: every stage and status the claims name for it (`[cross] TODO`), in order. */
  causes?: string[];
}

export interface RankedItem extends NextItem {
  score: number;
  /** Chosen for the exploration share rather than by score. */
  isExploration: boolean;
}

export interface RankOptions {
  /** Basis points of the list given to exploration, 0..10000 (3000 = 30 %). */
  explorationShare: number;
  seed: string;
}

const KIND_ORDER: Record<NextKind, number> = { control: 0, gap: 1, hypothesis: 2 };

/** mulberry32: a small deterministic generator; quality is ample for picking list slots. */
export function createRandom(seed: string): () => number {
  let state = Number.parseInt(sha256Hex(seed).slice(0, 8), 16);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Whether list position `i` belongs to exploration: spreads the share evenly down the list. */
export function isExplorationSlot(i: number, share: number): boolean {
  return Math.floor(((i + 1) * share) / 10000) > Math.floor((i * share) / 10000);
}

function byScore(a: RankedItem, b: RankedItem): number {
  return (
    b.score - a.score ||
    KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * The first `top` picks of `ranked`, shown in score order. Exploration decides which items make
 * the cut; the list a person reads still goes from the highest score down, with the exploration
 * picks marked, so a lower score never appears above a higher one.
 */
export function cutRanked(ranked: readonly RankedItem[], top: number): RankedItem[] {
  return ranked.slice(0, top).sort(byScore);
}

export function rankNext(items: readonly NextItem[], options: RankOptions): RankedItem[] {
  const share = Math.min(10000, Math.max(0, Math.trunc(options.explorationShare)));
  const remaining = items
    .map((item) => ({ ...item, score: priority(item), isExploration: false }))
    .sort(byScore);
  const random = createRandom(options.seed);
  const ranked: RankedItem[] = [];
  for (let i = 0; remaining.length > 0; i += 1) {
    // Exploration draws from below the current top, so it never merely repeats exploitation.
    const explore = isExplorationSlot(i, share) && remaining.length > 1;
    const at = explore ? 1 + Math.floor(random() * (remaining.length - 1)) : 0;
    const [picked] = remaining.splice(at, 1);
    if (picked !== undefined) ranked.push({ ...picked, isExploration: explore });
  }
  return ranked;
}

export type OpenControlStatus =
  'FAIL' | 'DISPUTED' | 'BLOCKED' | 'STALE' | 'TODO' | 'FLAKY' | 'CONFLICT';

/** Default information gain and cost per status (milli); risk comes from the caller. */
const STATUS_WEIGHTS: Record<OpenControlStatus, { infoGain: number; cost: number }> = {
  FAIL: { infoGain: 1000, cost: 1000 },
  DISPUTED: { infoGain: 900, cost: 1000 },
  STALE: { infoGain: 800, cost: 500 },
  TODO: { infoGain: 900, cost: 2000 },
  BLOCKED: { infoGain: 700, cost: 1500 },
  FLAKY: { infoGain: 900, cost: 1500 },
  // One re-run after merging both sides decides.
  CONFLICT: { infoGain: 900, cost: 500 },
};

export function controlItem(
  id: string,
  status: OpenControlStatus,
  risk = 700,
  next?: string,
): NextItem {
  return {
    kind: 'control',
    id,
    reason: `control ${status}`,
    risk,
    ...STATUS_WEIGHTS[status],
    ...(next === undefined ? {} : { next }),
  };
}

/** Next items from the gate's statuses: every control that is not PASS or NOT_APPLICABLE. */
export function controlItemsFromStatuses(
  statuses: readonly { control: string; status: ControlStatusValue }[],
  riskOf: (control: string) => number | undefined = () => undefined,
): NextItem[] {
  return statuses.flatMap((s) =>
    s.status === 'PASS' || s.status === 'NOT_APPLICABLE'
      ? []
      : [controlItem(s.control, s.status, riskOf(s.control))],
  );
}

/**
 * One next item per control a claim decision names as a blocker (its first blocker, whose stage
 * and reason say what to do, with every stage and status named as its causes); a traceability
 * blocker (`requirement:<id>`) is a gap item.
 */
export function blockerItems(
  blockers: readonly ClaimBlocker[],
  riskOf: (control: string) => number | undefined = () => undefined,
): NextItem[] {
  const causes = new Map<string, string[]>();
  for (const b of blockers) {
    const cause = `[${b.stage}] ${b.status}`;
    const listed = causes.get(b.control);
    if (listed === undefined) causes.set(b.control, [cause]);
    else if (!listed.includes(cause)) listed.push(cause);
  }
  const seen = new Set<string>();
  return blockers.flatMap((b): NextItem[] => {
    if (seen.has(b.control)) return [];
    seen.add(b.control);
    const reason = `${b.status} [${b.stage}]: ${b.reason}`;
    const named = { causes: causes.get(b.control) ?? [] };
    if (b.control.startsWith('requirement:'))
      return [{ ...gapItem(b.control, reason, 900, b.next), ...named }];
    const weights =
      b.status in STATUS_WEIGHTS
        ? STATUS_WEIGHTS[b.status as OpenControlStatus]
        : STATUS_WEIGHTS.TODO;
    return [
      {
        kind: 'control',
        id: b.control,
        reason,
        risk: riskOf(b.control) ?? 700,
        ...weights,
        ...(b.next === undefined ? {} : { next: b.next }),
        ...named,
      },
    ];
  });
}

export function gapItem(id: string, reason: string, risk = 800, next?: string): NextItem {
  return {
    kind: 'gap',
    id,
    reason,
    risk,
    infoGain: 800,
    cost: 1000,
    ...(next === undefined ? {} : { next }),
  };
}

export function hypothesisItems(board: readonly HypothesisView[]): NextItem[] {
  return board
    .filter((h) => h.status === 'open' || h.status === 'probing')
    .map((h) => ({
      kind: 'hypothesis',
      id: h.id,
      reason: h.claim,
      infoGain: h.infoGain,
      risk: h.risk,
      cost: h.cost,
    }));
}
