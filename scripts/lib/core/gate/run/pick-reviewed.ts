// Which results an audit reviews: one named entry, or (`latest`) the latest current result of the
// preceding stage for each selected control. Every reviewed result must still judge today's code.
import { expandHashPrefix } from '../../ledger/expand-prefix.ts';
import { UsageError } from '../../errors.ts';
import type { AuditStage, StoredEntry, SubjectBinding } from '../../ledger/types.ts';
import { AUDIT_STAGES } from '../../ledger/types.ts';
import type { Control } from '../../plane/types.ts';
import type { ReviewStage } from '../entries/bodies.ts';
import { indexResults, matchesBinding, type ResultRecord } from '../entries/index-results.ts';
import { nextCommand } from '../../next/next-table.ts';

function precedingStage(stage: ReviewStage): AuditStage {
  return AUDIT_STAGES[AUDIT_STAGES.indexOf(stage) - 1] ?? 'self';
}

export interface Reviewable {
  control: Control;
  record: ResultRecord;
  subject: SubjectBinding;
}

export function pickReviewed(
  review: string,
  stage: ReviewStage,
  controls: readonly Control[],
  subjects: ReadonlyMap<string, SubjectBinding>,
  entries: readonly StoredEntry[],
  /** The caller named the controls: each must have something to review. */
  isExplicit = false,
): Reviewable[] {
  const before = precedingStage(stage);
  const index = indexResults(entries);
  const currentOf = (control: Control): SubjectBinding => {
    const subject = subjects.get(control.id);
    if (subject === undefined)
      throw new UsageError('BAD_INPUT', `no subject binding for ${control.id}`);
    return subject;
  };
  if (review !== 'latest') {
    const record = findEntry(review, index);
    if (record.stage !== before) {
      throw new UsageError(
        'BAD_VALUE',
        `entry ${review} is a ${record.stage} result; a ${stage} audit reviews ${before} results`,
      );
    }
    const control = controls.find((c) => c.id === record.control);
    if (control === undefined)
      throw new UsageError(
        'BAD_VALUE',
        `entry ${review} is about ${record.control}, which is not selected`,
      );
    assertCurrent(record, currentOf(control));
    return [{ control, record, subject: currentOf(control) }];
  }
  const picked: Reviewable[] = [];
  for (const control of controls) {
    const subject = currentOf(control);
    const latest = (index.get(control.id)?.get(before) ?? [])
      .filter((r) => matchesBinding(r, subject))
      .at(-1);
    if (latest !== undefined) picked.push({ control, record: latest, subject });
    else if (isExplicit) {
      throw new UsageError('BAD_VALUE', `${control.id} has no current ${before} result to review`, {
        next:
          before === 'self'
            ? nextCommand('evaluateControl', { control: control.id })
            : `run the ${before} audit of ${control.id} first`,
      });
    }
  }
  if (picked.length === 0) {
    throw new UsageError('BAD_VALUE', `no current ${before} result to review`, {
      next:
        before === 'self'
          ? `run "${nextCommand('evaluateRun')}" first`
          : `run the ${before} audit first`,
    });
  }
  return picked;
}

function findEntry(review: string, index: ReturnType<typeof indexResults>): ResultRecord {
  if (!/^[0-9a-f]{8,64}$/.test(review)) {
    throw new UsageError(
      'BAD_VALUE',
      `--review-run ${review} is neither "latest" nor an entry hash`,
      { expected: 'latest, or 8 to 64 hex digits of an entry hash' },
    );
  }
  const all = [...index.values()].flatMap((byStage) => [...byStage.values()].flat());
  const found = all.filter((r) => r.hash.startsWith(review));
  const [only] = found;
  if (only === undefined)
    throw new UsageError('UNKNOWN_ID', `no result entry with hash ${review}`, {
      next: nextCommand('queryRun'),
    });
  // Two or more: refused with every candidate listed (exit 2).
  if (found.length > 1)
    expandHashPrefix(
      found.map((r) => r.hash),
      review,
      { what: 'result entry', where: '--review-run', list: nextCommand('queryRunLatest') },
    );
  return only;
}

function assertCurrent(record: ResultRecord, current: SubjectBinding): void {
  if (!matchesBinding(record, current)) {
    throw new UsageError(
      'BAD_VALUE',
      `entry ${record.hash.slice(0, 12)} judged other code than the current one (STALE)`,
      {
        next: `re-run ${record.control} first: ${nextCommand('evaluateControl', { control: record.control })}`,
      },
    );
  }
}
