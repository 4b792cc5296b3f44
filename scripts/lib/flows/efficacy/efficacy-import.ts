// efficacy --from-report: imports a mutation tool's report (mutation-testing-report-schema JSON,
// cargo-mutants outcomes.json) as efficacy evidence. Nothing is run: the report is a claim by a
// tool run proofgate did not observe, so it must first be bound to the current code (every
// reported source equal to the working tree file, or every mutant's diff applying to it), and its
// entry says it is imported, which tool wrote it and whether that tool ran the control's command.
import type { World } from '../../core/world/world.ts';
import { dirname, join, resolve } from 'node:path';
import type { Context } from '../../core/context.ts';
import { matchesGlob } from '../../core/shared/pathspec.ts';
import { UsageError } from '../../core/errors.ts';
import { sha256Hex } from '../../core/hash.ts';
import type { EfficacyBody } from '../../core/efficacy/efficacy-status.ts';
import { readMutationReport, type MutationReport } from '../../core/efficacy/mutation-report.ts';
import {
  diffMismatch,
  diffTarget,
  matchTestCommand,
  sourceMismatch,
  toolTestCommand,
} from '../../core/efficacy/report-binding.ts';
import type { Actor } from '../../core/ledger/types.ts';
import type { Plane } from '../../core/plane/plane.ts';
import type { Control } from '../../core/plane/types.ts';
import type { EfficacyIO } from '../../core/ports.ts';
import { appendEfficacy, type ControlEfficacy, type EfficacyResult } from './efficacy-result.ts';

/** Mismatches listed in the refusal before the rest is counted. */
const PROBLEMS_SHOWN = 10;

export interface ImportRequest {
  plane: Plane;
  controls: readonly Control[];
  /** The report, relative to the current directory. */
  path: string;
  actor: Actor;
}

// Where the report's code differs from the working tree, one line per file or mutant diff, and
// the files it mutated.
async function bindReport(
  report: MutationReport,
  request: ImportRequest,
  cwd: string,
  eio: EfficacyIO,
): Promise<{ problems: string[]; files: Set<string> }> {
  const problems: string[] = [];
  const files = new Set<string>();
  const root = request.plane.root;
  for (const item of report.evidence) {
    if (item.kind === 'source') {
      files.add(item.file);
      const why = sourceMismatch(item.source, await eio.readProjectFile(root, item.file));
      if (why !== undefined) problems.push(`${item.file}: ${why}`);
      continue;
    }
    const diffFile = join(dirname(request.path), item.diffPath);
    const diff = await eio.readProjectFile(resolve(cwd, dirname(request.path)), item.diffPath);
    const target = diff === undefined ? undefined : diffTarget(diff);
    if (diff === undefined || target === undefined) {
      problems.push(`${diffFile}: missing or not a diff (import the whole mutants.out directory)`);
      continue;
    }
    files.add(target);
    const current = await eio.readProjectFile(root, target);
    const why =
      current === undefined ? 'the file is not in the working tree' : diffMismatch(diff, current);
    if (why !== undefined) problems.push(`${target} (${item.diffPath}): ${why}`);
  }
  return { problems, files };
}

// A report says nothing about a control none of whose input files it mutated.
function assertCoversInputs(control: Control, files: ReadonlySet<string>, path: string): void {
  const inputs = control.inputs;
  if (inputs === undefined || [...files].some((f) => inputs.some((g) => matchesGlob(f, g)))) return;
  throw new UsageError('BAD_INPUT', `${path} mutated none of ${control.id}'s input files`, {
    where: path,
    problems: [`reported files: ${[...files].join(', ')}`, `inputs: ${inputs.join(' ')}`],
    next: `run the mutation tool on the files ${control.id} tests, then import its report`,
  });
}

export async function importMutationReport(
  request: ImportRequest,
  ctx: Context,
  io: World,
  eio: EfficacyIO,
): Promise<EfficacyResult> {
  const bytes = await eio.readUserFile(ctx.cwd, request.path);
  const report = readMutationReport(request.path, new TextDecoder().decode(bytes));
  const mutants = report.killed + report.survived.length;
  if (mutants === 0) {
    throw new UsageError('BAD_INPUT', `${request.path} reports no mutant with a verdict`, {
      where: request.path,
      next: 'run the mutation tool on the code the control tests, then import its report',
    });
  }
  const { problems, files } = await bindReport(report, request, ctx.cwd, eio);
  if (problems.length > 0) {
    const more = problems.length - PROBLEMS_SHOWN;
    throw new UsageError(
      'BAD_INPUT',
      `${request.path} was made on other code than the working tree`,
      {
        where: request.path,
        problems: [...problems.slice(0, PROBLEMS_SHOWN), ...(more > 0 ? [`… ${more} more`] : [])],
        expected:
          'a report of the current code: every reported source, or every mutant diff, as it is now',
        next: `run ${report.tool} again on the current code, then import its new report`,
      },
    );
  }
  for (const control of request.controls) assertCoversInputs(control, files, request.path);
  const method = `report:${report.format}`;
  const subjects = await io.computeSubjects(request.plane, request.controls);
  const results: ControlEfficacy[] = [];
  for (const control of request.controls) {
    const argv = control.execution.type === 'command' ? control.execution.argv : [];
    const body: EfficacyBody = {
      control: control.id,
      method,
      mutants,
      killed: report.killed,
      survived: report.survived,
      inconclusive: 0,
      source: 'imported',
      report: sha256Hex(bytes),
      tool: report.tool,
      test_command: matchTestCommand(report, argv),
      timeout: report.timeout,
      excluded: report.excluded,
    };
    const subject = subjects.get(control.id);
    const { method: _m, ...result }: ControlEfficacy & { method: string } = {
      ...body,
      ...(body.test_command === 'same' ? {} : { tool_command: toolTestCommand(report) }),
    };
    if (subject !== undefined)
      result.entry = await appendEfficacy(ctx, io, request.plane, {
        actor: request.actor,
        subject,
        body,
      });
    results.push(result);
  }
  const ok = results.every((r) => r.killed === r.mutants);
  return { ok, method, results };
}
