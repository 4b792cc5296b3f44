// The offline check of an execution-closure candidate (controls/schema/execution-closure.schema.json,
// references/verify.md): pure graph rules over what the proposal itself reports. It never runs
// anything and never says PASS: a valid candidate only earns a review.
export interface ClosureHop {
  id: string;
  capability: string;
  phase: 'preflight' | 'attempt' | 'verify' | 'commit' | 'close';
  after?: string[];
  consumes?: string[];
  outcome?: 'observed' | 'prevented';
  writes?: string[];
}

export interface ClosureCandidate {
  format: string;
  id: string;
  capabilities: { id: string }[];
  hops: ClosureHop[];
  chains: { id: string; hops: string[] }[];
}

const PHASE_ORDER = { preflight: 0, attempt: 1, verify: 2, commit: 3, close: 4 } as const;

/** Every rule's findings, each `<where>: <what>`; empty: the candidate may go to review. */
export function checkExecutionClosure(c: ClosureCandidate): string[] {
  const findings: string[] = [];
  const hops = new Map<string, ClosureHop>();
  duplicates(
    c.capabilities.map((x) => x.id),
    'capability',
    findings,
  );
  duplicates(
    c.hops.map((h) => h.id),
    'hop',
    findings,
  );
  duplicates(
    c.chains.map((x) => x.id),
    'chain',
    findings,
  );
  for (const h of c.hops) hops.set(h.id, h);
  const capabilities = new Set(c.capabilities.map((x) => x.id));
  for (const h of c.hops) {
    if (!capabilities.has(h.capability))
      findings.push(`/hops/${h.id}: capability ${h.capability} is not declared`);
    for (const ref of [...(h.after ?? []), ...(h.consumes ?? [])])
      if (!hops.has(ref)) findings.push(`/hops/${h.id}: names hop ${ref}, which does not exist`);
    for (const path of h.writes ?? [])
      if (/(^|\/)(evidence|ledger)(\/|$)/.test(path))
        findings.push(
          `/hops/${h.id}: writes ${path}: a candidate never integrates with the ledger or the evidence store`,
        );
  }
  const before = orderBefore(c.hops, hops, findings);
  for (const h of c.hops) {
    for (const input of h.consumes ?? []) {
      if (hops.has(input) && !(before.get(h.id)?.has(input) ?? false))
        findings.push(
          `/hops/${h.id}: consumes ${input}, which is not ordered before it (data flow against time)`,
        );
      if (h.phase === 'commit' && hops.get(input)?.outcome === 'prevented')
        findings.push(`/hops/${h.id}: commits on ${input}, whose effect was prevented`);
    }
  }
  findings.push(...checkChains(c, hops, before));
  const used = new Set(c.chains.flatMap((x) => x.hops));
  for (const h of c.hops)
    if (!used.has(h.id)) findings.push(`/hops/${h.id}: unused hop (in no chain)`);
  const usedCaps = new Set(c.hops.map((h) => h.capability));
  for (const cap of capabilities)
    if (!usedCaps.has(cap))
      findings.push(`/capabilities/${cap}: unused capability (no hop uses it)`);
  return findings;
}

function duplicates(ids: readonly string[], what: string, findings: string[]): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) findings.push(`/${what}s/${id}: duplicate ${what} id`);
    seen.add(id);
  }
}

/** Hop → every hop ordered before it (transitively, by `after`); a cycle is a finding. */
function orderBefore(
  list: readonly ClosureHop[],
  hops: ReadonlyMap<string, ClosureHop>,
  findings: string[],
): Map<string, Set<string>> {
  const done = new Map<string, Set<string>>();
  const visiting = new Set<string>();
  const visit = (id: string): Set<string> => {
    const known = done.get(id);
    if (known !== undefined) return known;
    if (visiting.has(id)) {
      findings.push(`/hops/${id}: the "after" order has a cycle through ${id}`);
      return new Set();
    }
    visiting.add(id);
    const all = new Set<string>();
    for (const prev of hops.get(id)?.after ?? []) {
      if (!hops.has(prev)) continue;
      all.add(prev);
      for (const p of visit(prev)) all.add(p);
    }
    visiting.delete(id);
    done.set(id, all);
    return all;
  };
  for (const h of list) visit(h.id);
  return done;
}

/** Each chain: known hops in time order, phases never going back, ending in a `close` hop. */
function checkChains(
  c: ClosureCandidate,
  hops: ReadonlyMap<string, ClosureHop>,
  before: ReadonlyMap<string, ReadonlySet<string>>,
): string[] {
  const findings: string[] = [];
  for (const chain of c.chains) {
    const at = `/chains/${chain.id}`;
    const steps = chain.hops.map((id) => hops.get(id));
    if (steps.some((s) => s === undefined)) {
      findings.push(`${at}: names a hop that does not exist`);
      continue;
    }
    const known = steps as ClosureHop[];
    known.forEach((hop, i) => {
      const prev = known[i - 1];
      if (prev === undefined) return;
      if (!(before.get(hop.id)?.has(prev.id) ?? false))
        findings.push(`${at}: ${hop.id} is not ordered after ${prev.id}`);
      if (hop.phase === 'preflight' && PHASE_ORDER[prev.phase] >= PHASE_ORDER.attempt)
        findings.push(`${at}: preflight ${hop.id} runs after an attempt (post-attempt preflight)`);
      else if (PHASE_ORDER[hop.phase] < PHASE_ORDER[prev.phase])
        findings.push(`${at}: ${hop.id} (${hop.phase}) goes back after ${prev.id} (${prev.phase})`);
    });
    const last = known[known.length - 1];
    if (last?.phase !== 'close')
      findings.push(
        `${at}: open chain: it ends in ${last?.id ?? '?'} (${last?.phase ?? '?'}), not a close hop`,
      );
  }
  return findings;
}
