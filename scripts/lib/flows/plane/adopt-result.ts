// What `proofgate adopt` returns, and the one way every adopt path writes registry.yaml: the yaml
// Document API (the owner's comments and layout survive), the result re-validated against the
// manifest, the derived pages re-rendered.
import type { WorldExtras } from '../../core/world/world.ts';
import { relative } from 'node:path';
import { parseDocument } from 'yaml';
import type { AdoptionPlan } from '../../core/plane/plan-adoption.ts';
import { applyAdoption } from '../../core/plane/edit-registry.ts';
import { assertPlaneReferences, assertRegistry } from '../../core/plane/validate.ts';
import type { AuthorizationKind } from '../../core/plane/types.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { Candidate, NotAdoptable } from '../../core/scan/types.ts';
import type { OutputIgnore } from './adopt-ignore.ts';
import { renderPlaneFiles } from '../../render/plane-docs.ts';

/** What `proofgate adopt` returns; render/adopt.ts prints it. */
export type AdoptResult = AdoptOutcome & {
  /** With --outputs: the root .gitignore lines they need, and whether they were appended. */
  ignore?: OutputIgnore;
};

export type AdoptOutcome =
  | {
      mode: 'list';
      candidates: Candidate[];
      not_adoptable: NotAdoptable[];
      slots: { id: string; hint: string; fill?: string }[];
    }
  | {
      mode: 'fill' | 'add' | 'unchanged';
      control: string;
      candidate: Candidate;
      /** The inputs written (`[]`: none, the whole tree is its input); absent: left as they were. */
      inputs?: string[];
      rendered: string[];
    }
  | {
      /** A person's own command filled a slot (`source: manual:<authority>`). */
      mode: 'manual';
      control: string;
      argv: string[];
      by: string;
      at: string;
      authorization: AuthorizationKind[];
      exclusive: boolean;
      /** The inputs written (`[]`: none); absent: left as they were. */
      inputs?: string[];
      rendered: string[];
    }
  | {
      /** A trajectory slot filled with a rule pack and its traces (`source: manual:<authority>`). */
      mode: 'trace';
      control: string;
      pack: string;
      traces: string[];
      by: string;
      at: string;
      rendered: string[];
    }
  | {
      /** The command prints no test count (`inventory: none`). */
      mode: 'uncounted';
      control: string;
      by?: string;
      at: string;
      rendered: string[];
    }
  | {
      mode: 'not_applicable';
      control: string;
      owner: string;
      rationale: string;
      at: string;
      rendered: string[];
      /** The signed decision's entry, when the owner has a registered key. */
      signed?: string;
    };

export interface AdoptFlowOptions {
  /** The repository root (resolved by the caller). */
  root: string;
  list: boolean;
  candidate: string | undefined;
  as: string | undefined;
  fills: string | undefined;
  authorize: AuthorizationKind[];
  /** The words after `--`: a person's own command for the `--fills` slot. */
  command: string[] | undefined;
  /** A command control whose output holds no test count (`--uncounted`: `inventory: none`). */
  uncounted?: string;
  /** A control (slot or not) that does not apply to this project. */
  notApplicable: string | undefined;
  rationale: string | undefined;
  /** The person deciding; default: the manifest's only active human authority. */
  authorityId: string | undefined;
  /** Files the adopted command writes: declared outputs, left out of every result's subject. */
  outputs?: string[];
  /** The files the command reads, replacing scan's proposal (`--inputs`). */
  inputs?: string[];
  /** Write no inputs: the whole tree is the command's input (`--whole-tree`). */
  wholeTree?: boolean;
  /** Append the .gitignore lines the outputs need (`--ignore-outputs`). */
  ignoreOutputs?: boolean;
  /** With --fills: the trace rule pack a trajectory slot runs (a shipped name or a file). */
  tracePack?: string;
  /** With --trace-pack: globs of the recorded traces it judges. */
  traces?: string[];
}

/** Applies the plan to registry.yaml, validates the result and re-renders the derived files. */
export function writePlan(
  root: string,
  plane: Plane,
  plan: AdoptionPlan,
  { planeEdits }: Pick<WorldExtras, 'planeEdits'>,
): string[] {
  const text = applyAdoption(planeEdits.readTextFile(plane.registryPath), plan);
  const registry: unknown = parseDocument(text).toJS();
  const shown = relative(root, plane.registryPath);
  assertRegistry(registry, shown);
  assertPlaneReferences(plane.manifest, registry, {
    manifest: relative(root, plane.manifestPath),
    registry: shown,
  });
  planeEdits.replaceFile(plane.registryPath, text);
  return planeEdits.writeDerivedFiles(plane.dir, renderPlaneFiles(plane.manifest, registry));
}
