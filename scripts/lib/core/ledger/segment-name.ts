// Segment naming (ledger-format.md "Segments"): one segment per writer, `<cloneid>-<branchslug>`,
// continued in `<cloneid>-<branchslug>-g<N>` once a seal has closed the previous one.

const MAX_SLUG = 40;

/** The branch name sanitised to [a-z0-9._-], at most 40 chars; `detached` without a branch. */
export function slugBranch(branch: string | undefined): string {
  if (branch === undefined || branch === '') return 'detached';
  const slug = branch
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, MAX_SLUG)
    .replace(/[-.]+$/, '');
  return slug === '' ? 'branch' : slug;
}

export function writerSegmentBase(cloneId: string, branch: string | undefined): string {
  return `${cloneId}-${slugBranch(branch)}`;
}

/** Generation `n` of a writer's segment: the base name for 0, `<base>-g<n>` after that. */
function segmentGeneration(base: string, n: number): string {
  return n === 0 ? base : `${base}-g${n}`;
}

/** The writer's first segment generation that no seal has closed. */
export function openSegmentFor(base: string, closed: ReadonlySet<string>): string {
  let n = 0;
  while (closed.has(segmentGeneration(base, n))) n += 1;
  return segmentGeneration(base, n);
}
