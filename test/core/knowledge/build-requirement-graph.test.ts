import { describe, expect, it } from 'vitest';
import {
  buildRequirementGraph,
  gapsBlockingAt,
  walkRequirements,
} from '../../../scripts/lib/core/knowledge/build-requirement-graph.ts';
import type { Control, Registry } from '../../../scripts/lib/core/plane/types.ts';

const control = (over: Partial<Control>): Control => ({
  id: 'C-1',
  title: 'unit tests',
  owner: 'dev',
  requirements: ['REQ-1'],
  risks: ['RISK-1'],
  applies: { value: true },
  required_from_maturity: 'prototype',
  execution: { type: 'command', argv: ['npm', 'test'] },
  evidence_required: ['run'],
  ...over,
});
const registry = (...controls: Control[]): Registry => ({ version: 1, controls });

describe('buildRequirementGraph', () => {
  it('links requirement → risk → control → test → evidence → outcome with no gap', () => {
    const graph = buildRequirementGraph(
      registry(control({})),
      [],
      [{ control: 'C-1', entry: 'e1', status: 'PASS' }],
    );
    expect(graph.gaps).toEqual([]);
    expect(graph.edges.map((e) => `${e.from} ${e.kind} ${e.to}`).sort()).toEqual([
      'control:C-1 executed_by test:C-1',
      'evidence:e1 yields outcome:C-1:PASS',
      'requirement:REQ-1 has_risk risk:RISK-1',
      'requirement:REQ-1 verified_by control:C-1',
      'risk:RISK-1 mitigated_by control:C-1',
      'test:C-1 evidenced_by evidence:e1',
    ]);
  });

  it('reports each broken link as a gap', () => {
    const graph = buildRequirementGraph(
      registry(
        control({
          id: 'C-slot',
          requirements: ['REQ-2'],
          risks: [],
          execution: { type: 'slot', hint: 'add a test command' },
        }),
        control({ id: 'C-unrun', requirements: ['REQ-3'], risks: ['RISK-3'] }),
        control({
          id: 'C-na',
          requirements: ['REQ-5'],
          applies: { value: false, rationale: 'no UI', owner: 'po' },
        }),
      ),
      [{ requirements: [{ id: 'REQ-4', risks: ['RISK-4'], maturity: 'production_ready' }] }],
      [],
    );
    expect(graph.gaps).toEqual([
      { kind: 'missing_risk', requirement: 'REQ-2', maturity: 'prototype' },
      {
        kind: 'missing_verification',
        requirement: 'REQ-2',
        control: 'C-slot',
        maturity: 'prototype',
      },
      { kind: 'missing_evidence', requirement: 'REQ-3', control: 'C-unrun', maturity: 'prototype' },
      { kind: 'missing_control', requirement: 'REQ-4', maturity: 'production_ready' },
    ]);
  });

  it('does not judge evidence it was not given', () => {
    expect(buildRequirementGraph(registry(control({}))).gaps).toEqual([]);
  });

  it('a gap blocks claims at its maturity and above, not below', () => {
    const graph = buildRequirementGraph(registry(), [
      { requirements: [{ id: 'REQ-9', risks: ['R'], maturity: 'production_ready' }] },
    ]);
    expect(gapsBlockingAt(graph.gaps, 'engineering_ready')).toEqual([]);
    expect(gapsBlockingAt(graph.gaps, 'production_ready')).toHaveLength(1);
    expect(gapsBlockingAt(graph.gaps, 'regulated_ready')).toHaveLength(1);
  });

  it('takes the maturity of a gap from the control when the requirement declares none', () => {
    const graph = buildRequirementGraph(
      registry(control({ required_from_maturity: 'commercial_ready' })),
      [],
      [],
    );
    expect(graph.gaps).toEqual([
      {
        kind: 'missing_evidence',
        requirement: 'REQ-1',
        control: 'C-1',
        maturity: 'commercial_ready',
      },
    ]);
    expect(gapsBlockingAt(graph.gaps, 'production_ready')).toEqual([]);
  });
});

describe('walkRequirements', () => {
  const graph = buildRequirementGraph(
    registry(control({}), control({ id: 'C-2', requirements: ['REQ-2'], risks: ['RISK-1'] })),
    [],
    [{ control: 'C-1', entry: 'e1', status: 'FAIL' }],
  );
  it('walks down from a requirement to its outcome', () => {
    const walk = walkRequirements(graph, 'REQ-1', 'down');
    expect(walk.nodes.map((n) => n.id)).toContain('outcome:C-1:FAIL');
  });
  it('walks up from an outcome to every requirement behind it', () => {
    const walk = walkRequirements(graph, 'outcome:C-1:FAIL', 'up');
    expect(
      walk.nodes
        .filter((n) => n.kind === 'requirement')
        .map((n) => n.id)
        .sort(),
    ).toEqual(['requirement:REQ-1', 'requirement:REQ-2']);
  });
  it('refuses an unknown id', () => {
    expect(() => walkRequirements(graph, 'REQ-404', 'down')).toThrow(
      /not in the traceability graph/,
    );
  });
});
