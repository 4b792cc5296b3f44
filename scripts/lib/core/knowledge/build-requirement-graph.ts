// The traceability graph: requirement → risk → control → test → evidence →
// outcome, derived from the registry, optional requirement files and the evidence the caller read.
// A chain that stops short is a gap that blocks claims at the requirement's maturity, not below.
import { UsageError } from '../errors.ts';
import { MATURITY_LEVELS } from '../plane/types.ts';
import type { Control, Maturity, Registry } from '../plane/types.ts';
import { nextCommand } from '../next/next-table.ts';

type RequirementNodeKind = 'requirement' | 'risk' | 'control' | 'test' | 'evidence' | 'outcome';
type RequirementEdgeKind =
  'has_risk' | 'mitigated_by' | 'verified_by' | 'executed_by' | 'evidenced_by' | 'yields';
type GapKind = 'missing_risk' | 'missing_control' | 'missing_verification' | 'missing_evidence';

interface RequirementNode {
  /** `<kind>:<id>`, e.g. `requirement:REQ-7`. */
  id: string;
  kind: RequirementNodeKind;
  label: string;
}
interface RequirementEdge {
  from: string;
  to: string;
  kind: RequirementEdgeKind;
}
export interface RequirementGap {
  kind: GapKind;
  requirement: string;
  control?: string;
  /** Claims at this maturity and above are blocked by the gap. */
  maturity: Maturity;
}
export interface RequirementGraph {
  nodes: RequirementNode[];
  edges: RequirementEdge[];
  gaps: RequirementGap[];
}

/** A requirement file the registry references (human-owned YAML, parsed by the caller). */
export interface RequirementFile {
  requirements?: { id: string; title?: string; risks?: string[]; maturity?: Maturity }[];
  risks?: { id: string; title?: string }[];
}

/** One recorded result of a control, as the ledger reader sees it. */
export interface RequirementEvidence {
  control: string;
  /** sha256 of the ledger line. */
  entry: string;
  status: string;
}

const rank = (m: Maturity): number => MATURITY_LEVELS.indexOf(m);

export function buildRequirementGraph(
  registry: Registry,
  requirementFiles: readonly RequirementFile[] = [],
  evidence?: readonly RequirementEvidence[],
): RequirementGraph {
  const nodes = new Map<string, RequirementNode>();
  const edges = new Map<string, RequirementEdge>();
  const node = (kind: RequirementNodeKind, id: string, label = id): string => {
    const key = `${kind}:${id}`;
    if (!nodes.has(key) || label !== id) nodes.set(key, { id: key, kind, label });
    return key;
  };
  const edge = (from: string, to: string, kind: RequirementEdgeKind): void =>
    void edges.set(`${from}>${to}`, { from, to, kind });
  const declared = new Map<string, Maturity | undefined>();
  for (const file of requirementFiles) {
    for (const risk of file.risks ?? []) node('risk', risk.id, risk.title ?? risk.id);
    for (const req of file.requirements ?? []) {
      declared.set(req.id, req.maturity);
      const from = node('requirement', req.id, req.title ?? req.id);
      for (const risk of req.risks ?? []) edge(from, node('risk', risk), 'has_risk');
    }
  }
  const applicable = registry.controls.filter((c) => c.applies.value);
  for (const control of applicable) {
    const c = node('control', control.id, control.title);
    for (const risk of control.risks) edge(node('risk', risk), c, 'mitigated_by');
    for (const req of control.requirements) {
      const r = node('requirement', req);
      edge(r, c, 'verified_by');
      for (const risk of control.risks) edge(r, node('risk', risk), 'has_risk');
    }
    if (control.execution.type !== 'slot')
      edge(c, node('test', control.id, describeExecution(control)), 'executed_by');
    for (const e of evidence?.filter((x) => x.control === control.id) ?? []) {
      const ev = node('evidence', e.entry, `${control.id} ${e.status}`);
      edge(`test:${control.id}`, ev, 'evidenced_by');
      edge(ev, node('outcome', `${control.id}:${e.status}`, e.status), 'yields');
    }
  }
  const graph = { nodes: [...nodes.values()], edges: [...edges.values()] };
  return {
    ...graph,
    gaps: findGaps(graph.edges, [...nodes.keys()], applicable, declared, evidence !== undefined),
  };
}

function describeExecution(control: Control): string {
  const e = control.execution;
  return e.type === 'command' ? e.argv.join(' ') : e.type;
}

function findGaps(
  edges: readonly RequirementEdge[],
  keys: readonly string[],
  controls: readonly Control[],
  declared: ReadonlyMap<string, Maturity | undefined>,
  isEvidenceKnown: boolean,
): RequirementGap[] {
  const index = new Map<string, string[]>();
  for (const e of edges) {
    const key = `${e.from}>${e.kind}`;
    const list = index.get(key);
    if (list === undefined) index.set(key, [e.to]);
    else list.push(e.to);
  }
  const out = (from: string, kind: RequirementEdgeKind): string[] =>
    index.get(`${from}>${kind}`) ?? [];
  const byKey = new Map(controls.map((c) => [`control:${c.id}`, c]));
  const gaps: RequirementGap[] = [];
  for (const key of keys.filter((k) => k.startsWith('requirement:')).sort()) {
    const requirement = key.slice('requirement:'.length);
    const risks = out(key, 'has_risk');
    const reached = [
      ...new Set([...out(key, 'verified_by'), ...risks.flatMap((r) => out(r, 'mitigated_by'))]),
    ].sort();
    const found = reached.map((k) => byKey.get(k)).filter((c): c is Control => c !== undefined);
    const lowest = found.map((c) => c.required_from_maturity).sort((a, b) => rank(a) - rank(b))[0];
    const maturity = declared.get(requirement) ?? lowest ?? 'prototype';
    if (risks.length === 0) gaps.push({ kind: 'missing_risk', requirement, maturity });
    if (found.length === 0) gaps.push({ kind: 'missing_control', requirement, maturity });
    for (const c of found) {
      const at =
        rank(c.required_from_maturity) > rank(maturity) ? c.required_from_maturity : maturity;
      if (c.execution.type === 'slot')
        gaps.push({ kind: 'missing_verification', requirement, control: c.id, maturity: at });
      else if (isEvidenceKnown && out(`test:${c.id}`, 'evidenced_by').length === 0) {
        gaps.push({ kind: 'missing_evidence', requirement, control: c.id, maturity: at });
      }
    }
  }
  return gaps;
}

/** Gaps that block a claim at `maturity` (maturity levels are cumulative). */
export function gapsBlockingAt(
  gaps: readonly RequirementGap[],
  maturity: Maturity,
): RequirementGap[] {
  return gaps.filter((g) => rank(g.maturity) <= rank(maturity));
}

export interface RequirementWalk {
  start: string[];
  nodes: RequirementNode[];
  edges: RequirementEdge[];
}

/** Everything reachable from `id` downstream (towards outcomes) or upstream (towards requirements). */
export function walkRequirements(
  graph: RequirementGraph,
  id: string,
  direction: 'down' | 'up',
): RequirementWalk {
  const start = graph.nodes.filter((n) => n.id === id || n.id.endsWith(`:${id}`)).map((n) => n.id);
  if (start.length === 0) {
    throw new UsageError('UNKNOWN_ID', `${id} is not in the traceability graph`, {
      expected: 'a requirement, risk, control or evidence id from the registry',
      next: `run "${nextCommand('knowledgeSync')}" after editing the registry, then retry`,
    });
  }
  const adjacent = new Map<string, RequirementEdge[]>();
  for (const e of graph.edges) {
    const here = direction === 'down' ? e.from : e.to;
    const list = adjacent.get(here);
    if (list === undefined) adjacent.set(here, [e]);
    else list.push(e);
  }
  const seen = new Set(start);
  const walked: RequirementEdge[] = [];
  const queue = [...start];
  for (let current = queue.shift(); current !== undefined; current = queue.shift()) {
    for (const e of adjacent.get(current) ?? []) {
      const there = direction === 'down' ? e.to : e.from;
      walked.push(e);
      if (!seen.has(there)) {
        seen.add(there);
        queue.push(there);
      }
    }
  }
  return { start, nodes: graph.nodes.filter((n) => seen.has(n.id)), edges: walked };
}
