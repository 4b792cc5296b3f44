// Human output of `proofgate adopt`.
import { proposedInputsLines, riskTag } from './scan.ts';
import { quoteArg } from '../core/next/next-command.ts';
import type { AdoptResult } from '../flows/plane/adopt-flow.ts';
import type { OutputIgnore } from '../flows/plane/adopt-ignore.ts';

export function renderAdopt(result: AdoptResult): string {
  if (result.mode === 'list') {
    const lines = [
      `adopt: ${result.candidates.length} candidate(s), ${result.slots.length} open slot(s); nothing is a gate until adopted`,
      '',
    ];
    for (const c of result.candidates) {
      const alone = c.exclusive === true ? '  [runs alone when adopted]' : '';
      const auth = `${c.authorization.length > 0 ? `  [authorization_required: ${c.authorization.join(', ')}]` : ''}${riskTag(c.risks)}${alone}`;
      lines.push(
        `  ${c.id}  ${JSON.stringify(c.argv)}${c.cwd === undefined ? '' : ` in ${c.cwd}`}  (${c.where})${auth}`,
        ...proposedInputsLines(c),
      );
    }
    if (result.candidates.length === 0)
      lines.push('  (no real command found; nothing is invented)');
    if (result.slots.length > 0)
      lines.push(
        '',
        'open slots (proofgate adopt <candidate> --fills <id>; with no fitting candidate, the owner\'s command: proofgate adopt --fills <id> -- <program> <args...>; or proofgate adopt --not-applicable <id> --rationale "<why>"):',
      );
    for (const s of result.slots) {
      lines.push(`  ${s.id}: ${s.hint}`);
      if (s.fill !== undefined) lines.push(`    fill it with a rule pack: ${s.fill}`);
    }
    if (result.not_adoptable.length > 0) lines.push('', 'not adoptable as written:');
    for (const n of result.not_adoptable) lines.push(`  ${n.id} (${n.where}): ${n.reason}`);
    return lines.join('\n');
  }
  if (result.mode === 'manual') return renderManual(result);
  if (result.mode === 'trace')
    return [
      `adopt: ${result.control} now judges ${result.traces.map((t) => JSON.stringify(t)).join(', ')} with the trace pack ${result.pack} (by ${result.by}, ${result.at})`,
      ...(result.rendered.length > 0
        ? [`re-rendered: ${result.rendered.join(', ')}`]
        : ['nothing changed: it already ran this pack on these traces']),
      `next: proofgate evaluate --run --control ${quoteArg(result.control)}`,
      'then: commit the registry (and the recorded traces) together with the evidence the run records',
    ].join('\n');
  if (result.mode === 'uncounted')
    return [
      `adopt: ${result.control} prints no test count: inventory: none (${result.by === undefined ? '' : `by ${result.by}, `}${result.at})`,
      ...(result.rendered.length > 0
        ? [`re-rendered: ${result.rendered.join(', ')}`]
        : ['nothing changed: it already declared inventory: none']),
      `next: proofgate evaluate --run --control ${quoteArg(result.control)}`,
      "then: commit the registry with the evidence; on a branch, the change is approved under the base's rules",
    ].join('\n');
  if (result.mode === 'not_applicable')
    return [
      `adopt: ${result.control} is NOT_APPLICABLE (owner ${result.owner}, ${result.at}): ${result.rationale}`,
      ...(result.rendered.length > 0 ? [`re-rendered: ${result.rendered.join(', ')}`] : []),
      ...(result.signed === undefined
        ? []
        : [`signed by ${result.owner}'s key: note entry ${result.signed.slice(0, 12)}`]),
      `next: proofgate status --control ${result.control}`,
      'then: commit the registry; the control no longer blocks claims',
    ].join('\n');
  const argv = JSON.stringify(result.candidate.argv);
  const auth = result.candidate.authorization;
  const head =
    result.mode === 'unchanged'
      ? `adopt: ${result.candidate.id} is already adopted as ${result.control}; nothing changed (its recorded results, a flaky history among them, still stand)`
      : result.mode === 'fill'
        ? `adopt: ${result.control} now runs ${argv} (from ${result.candidate.id})`
        : `adopt: added control ${result.control} running ${argv} (from ${result.candidate.id})`;
  const lines = [head];
  const env = Object.entries(result.candidate.env ?? {});
  if (env.length > 0 && result.mode !== 'unchanged')
    lines.push(
      `env_values (from the CI step's env, set for the command as in CI): ${env.map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(' ')}`,
    );
  if (auth.length > 0)
    lines.push(
      `authorization_required: ${auth.join(', ')}: it will be BLOCKED until an authorization is recorded`,
    );
  lines.push(...inputsLines(result.inputs, `proofgate adopt ${result.candidate.id}`));
  if (result.rendered.length > 0) lines.push(`re-rendered: ${result.rendered.join(', ')}`);
  lines.push(...ignoreLines(result.ignore));
  if (result.mode !== 'unchanged')
    lines.push(
      `next: proofgate evaluate --run --control ${result.control}`,
      'then: commit the registry together with the evidence the run records',
    );
  return lines.join('\n');
}

function renderManual(result: Extract<AdoptResult, { mode: 'manual' }>): string {
  const lines = [
    `adopt: ${result.control} now runs ${JSON.stringify(result.argv)} (manual command by ${result.by}, ${result.at})`,
  ];
  if (result.exclusive) lines.push('exclusive: it runs alone, after the other controls');
  if (result.authorization.length > 0)
    lines.push(
      `authorization_required: ${result.authorization.join(', ')}: it will be BLOCKED until an authorization is recorded`,
    );
  lines.push(
    ...inputsLines(
      result.inputs,
      `proofgate adopt --fills ${quoteArg(result.control)} -- ${result.argv.map(quoteArg).join(' ')}`,
    ),
  );
  if (result.rendered.length > 0) lines.push(`re-rendered: ${result.rendered.join(', ')}`);
  lines.push(...ignoreLines(result.ignore));
  lines.push(
    `next: proofgate evaluate --run --control ${quoteArg(result.control)}`,
    'then: commit the registry together with the evidence the run records',
  );
  return lines.join('\n');
}

/** The inputs adopt wrote, and how to choose others (adopt again with --inputs or --whole-tree). */
function inputsLines(inputs: string[] | undefined, again: string): string[] {
  if (inputs === undefined) return [];
  if (inputs.length === 0) return ['inputs: none: any change in the tree stales its result'];
  return [
    `inputs: ${inputs.join(' ')} (only a change to these, or to the files its tools read, stales its result)`,
    `  other inputs: ${again} --inputs <glob>...; none (the whole tree): ${again} --whole-tree`,
  ];
}

/** The .gitignore advice for declared outputs: appended, already there, or the exact lines. */
function ignoreLines(ignore: OutputIgnore | undefined): string[] {
  if (ignore === undefined) return [];
  if (ignore.appended) return [`appended to .gitignore (commit it): ${ignore.missing.join(' ')}`];
  if (ignore.missing.length === 0) return [`.gitignore already ignores the outputs`];
  return [
    'the outputs are build products: keep them out of commits with these lines in .gitignore (or adopt again with --ignore-outputs to append them):',
    ...ignore.missing.map((line) => `  ${line}`),
  ];
}
