import { describe, expect, it } from 'vitest';
import {
  featuresFromTargetModel,
  retrieveCases,
  similarity,
} from '../../../scripts/lib/core/knowledge/retrieve-cases.ts';
import type { CaseEntry, StructuralFeatures } from '../../../scripts/lib/core/knowledge/types.ts';

const target: StructuralFeatures = {
  kind: 'web-api',
  architecture: 'service',
  attr: 'functional',
  stack: ['typescript', 'express'],
  constraints: ['no-auth-on-test-env'],
};
const make = (id: string, features: StructuralFeatures, words: string): CaseEntry => ({
  id,
  features,
  applicability: words,
  strategy: words,
  adaptation: [words],
  outcome: words,
  negative: [{ tried: words, reason: words }],
  provenance: { project: words, environment: 'ci', confirmation: 'user' },
  confidence: 6000,
  halfLifeDays: 180,
  time: '2026-01-01T00:00:00.000Z',
});

describe('structural retrieval', () => {
  it('prefers the structurally closest case over one that shares every keyword and the name', () => {
    const keyword = make(
      'CB-0001',
      {
        kind: 'cli',
        architecture: 'monolith',
        attr: 'performance',
        stack: ['go'],
        constraints: [],
      },
      'web-api service functional typescript express no-auth-on-test-env payments-web-api',
    );
    const structural = make(
      'CB-0002',
      { ...target, stack: ['typescript', 'fastify'] },
      'unrelated words',
    );
    const ranked = retrieveCases(
      [
        { entry: keyword, confidence: 9500 },
        { entry: structural, confidence: 100 },
      ],
      target,
    );
    expect(ranked.map((r) => r.entry.id)).toEqual(['CB-0002', 'CB-0001']);
    expect(ranked[1]!.similarity).toBe(0);
  });

  it.each([
    ['identical', target, 1000],
    [
      'nothing shared',
      {
        kind: 'lib',
        architecture: 'distributed',
        attr: 'security',
        stack: ['rust'],
        constraints: ['x'],
      },
      0,
    ],
    [
      'only kind and attr',
      { kind: 'web-api', architecture: 'monolith', attr: 'functional', stack: [], constraints: [] },
      500,
    ],
    ['half the stack', { ...target, stack: ['typescript'] }, 900],
    ['case-insensitive', { ...target, kind: 'Web-API', stack: ['TypeScript', 'Express'] }, 1000],
  ] as const)('similarity: %s', (_, features, expected) => {
    expect(similarity(target, features as StructuralFeatures)).toBe(expected);
  });

  it('counts only the fields the query names: empty fields never match empty fields', () => {
    const onlyAttr: StructuralFeatures = {
      kind: '',
      architecture: '',
      attr: 'functional',
      stack: [],
      constraints: [],
    };
    const bareStack = { kind: 'cli', architecture: 'monolith', stack: [], constraints: [] };
    expect(similarity(onlyAttr, { ...bareStack, attr: 'performance' })).toBe(0);
    expect(similarity(onlyAttr, { ...bareStack, attr: 'functional', stack: ['go'] })).toBe(1000);
    const none: StructuralFeatures = { ...onlyAttr, attr: '' };
    expect(similarity(none, { ...bareStack, attr: '' })).toBe(0);
  });

  it('breaks similarity ties by confidence, then id, and drops cases below the minimum', () => {
    const a = make('CB-0002', target, 'a');
    const b = make('CB-0001', target, 'b');
    const far = make('CB-0003', { ...target, kind: 'cli', attr: 'security' }, 'c');
    const ranked = retrieveCases(
      [
        { entry: a, confidence: 5000 },
        { entry: b, confidence: 5000 },
        { entry: far, confidence: 9000 },
      ],
      target,
      600,
    );
    expect(ranked.map((r) => r.entry.id)).toEqual(['CB-0001', 'CB-0002']);
  });

  it('derives features per quality goal from a target model', () => {
    const model = {
      target: { kind: 'web-api', entrypoints: [] },
      stack: { lang: ['typescript'], frameworks: ['express'], build: 'npm', runtime: 'node' },
      architecture: { shape: 'service', boundaries: [] },
      qualityGoals: [
        { attr: 'functional', priority: 1 },
        { attr: 'security', priority: 2 },
      ],
      constraints: { env: 'test-only', data: '' },
    };
    expect(featuresFromTargetModel(model)).toEqual([
      {
        kind: 'web-api',
        architecture: 'service',
        stack: ['typescript', 'express'],
        attr: 'functional',
        constraints: ['env:test-only'],
      },
      {
        kind: 'web-api',
        architecture: 'service',
        stack: ['typescript', 'express'],
        attr: 'security',
        constraints: ['env:test-only'],
      },
    ]);
  });
});
