// The target model of the exploring loop, built from what scan found and what the owner decided in
// the profile: kind, architecture, stack, constraints, quality goals with their risk, entry points
// and observability. Facts come from the repository; risks come only from the owner's profile
// (criticality, data sensitivity, maturity, product type), never from guessing.
import type { ScanResult } from '../scan/types.ts';
import type { Maturity, Profile } from '../plane/types.ts';
import { MATURITY_LEVELS } from '../plane/types.ts';
import type { QualityAttribute } from './types.ts';

export interface TargetModel {
  version: 1;
  target: { kind: string };
  architecture: { shape: string };
  stack: { lang: string[]; frameworks: string[] };
  constraints: Record<string, string>;
  /** Risk 0..1 with at most three decimals. */
  qualityGoals: { attr: QualityAttribute; risk: number }[];
  /** Where builds and runs begin: package manifests, modules, make files. */
  entryPoints: string[];
  observability: { ciJobs: number; testFiles: number; testDirs: string[] };
  /** The questions scan could not answer from the files, kept for `explore` to propose from. */
  unknowns: { question: string; probe: string }[];
}

const CRITICALITY_RISK: Record<Profile['criticality'], number> = {
  low: 0.3,
  medium: 0.5,
  high: 0.8,
  critical: 0.95,
};

const SENSITIVITY_RISK: Record<Profile['data_sensitivity'], number> = {
  public: 0.2,
  internal: 0.4,
  confidential: 0.7,
  restricted: 0.85,
  regulated: 0.95,
};

const atLeast = (maturity: Maturity, level: Maturity): boolean =>
  MATURITY_LEVELS.indexOf(maturity) >= MATURITY_LEVELS.indexOf(level);

/** Quality goals from the owner's decisions; none without a profile. */
function goalsOf(profile: Profile | undefined): TargetModel['qualityGoals'] {
  if (profile === undefined) return [];
  const critical = CRITICALITY_RISK[profile.criticality];
  const goals: TargetModel['qualityGoals'] = [
    { attr: 'functional', risk: critical },
    { attr: 'security', risk: SENSITIVITY_RISK[profile.data_sensitivity] },
  ];
  const runs = profile.product_type.some((t) => t === 'service' || t === 'web_app');
  if (runs || atLeast(profile.target_maturity, 'production_ready')) {
    // Something others depend on at run time: its reliability weighs like its correctness.
    goals.push({ attr: 'reliability', risk: runs ? critical : Math.min(critical, 0.5) });
  }
  if (profile.product_type.includes('library')) {
    goals.push({ attr: 'compat', risk: Math.min(critical, 0.7) });
  }
  return goals;
}

function shapeOf(scan: ScanResult): string {
  const workspaces = scan.stack.node?.workspaces.length ?? 0;
  const manifests = scan.stack.node?.manifests.length ?? 0;
  if (workspaces > 0 || manifests > 1) return 'monorepo';
  return 'single_package';
}

export function buildTargetModel(scan: ScanResult, profile: Profile | undefined): TargetModel {
  const frameworks = (Object.keys(scan.stack) as (keyof ScanResult['stack'])[])
    .filter((k) => scan.stack[k] !== undefined)
    .sort();
  const constraints: Record<string, string> =
    profile === undefined
      ? {}
      : {
          distribution: profile.distribution_model,
          data: profile.data_sensitivity,
          maturity: profile.target_maturity,
        };
  const s = scan.stack;
  const entryPoints = [
    ...(s.node?.manifests ?? []),
    ...(s.python?.files ?? []),
    ...(s.rust?.files ?? []),
    ...(s.go?.files ?? []),
    ...(s.jvm?.files ?? []),
    ...(s.make !== undefined ? [s.make.file] : []),
    ...(s.just !== undefined ? [s.just.file] : []),
  ];
  return {
    version: 1,
    target: { kind: profile?.product_type[0] ?? 'unknown' },
    architecture: { shape: shapeOf(scan) },
    stack: { lang: scan.languages.map((l) => l.language), frameworks },
    constraints,
    qualityGoals: goalsOf(profile),
    entryPoints: [...new Set(entryPoints)].sort(),
    observability: {
      ciJobs: scan.ci.reduce((n, f) => n + f.jobs.length, 0),
      testFiles: scan.tests.files,
      testDirs: [...scan.tests.dirs],
    },
    unknowns: scan.unknowns.map((u) => ({ question: u.question, probe: u.probe })),
  };
}
