// Export and import of the case base between projects. Imported entries are checked like new ones,
// get local ids, and their confidence is recomputed from their provenance and observations rather
// than trusted from the file, so an import cannot inject certainty.
import { UsageError } from '../errors.ts';
import { digestJson } from '../hash.ts';
import { INITIAL } from './damping.ts';
import { nextId } from './next-id.ts';
import { CONFIRMATIONS } from './types.ts';
import type { CaseEntry, CaseObservation, KnowledgeRecord } from './types.ts';
import { nextCommand } from '../next/next-table.ts';

export interface CaseExport {
  version: 1;
  cases: CaseEntry[];
  observations: CaseObservation[];
}

export function exportCases(records: readonly KnowledgeRecord[]): CaseExport {
  return {
    version: 1,
    cases: records.flatMap((r) => (r.op === 'case' ? [r.case] : [])),
    observations: records.flatMap((r) => (r.op === 'observe' ? [r.observe] : [])),
  };
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
const isTexts = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');
type Loose = Record<string, unknown>;
const asObject = (v: unknown): Loose =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Loose) : {};

function caseProblems(value: unknown, where: string): string[] {
  const c = asObject(value);
  const f = asObject(c['features']);
  const p = asObject(c['provenance']);
  const problems: string[] = [];
  const need = (ok: boolean, what: string): void => void (ok || problems.push(`${where}: ${what}`));
  need(isText(c['id']), 'id must be a string');
  need(isText(c['applicability']), 'applicability is required');
  need(
    isText(c['strategy']) && isText(c['outcome']) && isText(c['time']),
    'strategy, outcome and time are required',
  );
  need(
    isText(f['kind']) && isText(f['architecture']) && isText(f['attr']),
    'features need kind, architecture, attr',
  );
  need(
    isTexts(f['stack']) && isTexts(f['constraints']) && isTexts(c['adaptation']),
    'stack, constraints, adaptation must be string lists',
  );
  need(
    Array.isArray(c['negative']) &&
      c['negative'].every((n) => isText(asObject(n)['tried']) && isText(asObject(n)['reason'])),
    'negative results need tried and reason',
  );
  need(
    isText(p['project']) &&
      isText(p['environment']) &&
      (CONFIRMATIONS as readonly unknown[]).includes(p['confirmation']),
    'provenance needs project, environment, confirmation',
  );
  need(
    Number.isSafeInteger(c['halfLifeDays']) && (c['halfLifeDays'] as number) >= 1,
    'halfLifeDays must be a whole number >= 1',
  );
  return problems;
}

const contentDigest = (c: CaseEntry): string => digestJson({ ...c, id: '' });

/** The records to append for an import; refuses the whole document if any part is malformed. */
export function planImport(
  existing: readonly KnowledgeRecord[],
  doc: unknown,
  shownAs: string,
): { append: KnowledgeRecord[]; skipped: number } {
  const d = asObject(doc);
  const cases = Array.isArray(d['cases']) ? d['cases'] : [];
  const observations = Array.isArray(d['observations']) ? d['observations'] : [];
  const problems = d['version'] === 1 ? [] : [`${shownAs}: version must be 1`];
  cases.forEach((c, i) => problems.push(...caseProblems(c, `${shownAs}:/cases/${i}`)));
  const importedIds = new Set(cases.map((c) => asObject(c)['id']));
  observations.forEach((o, i) => {
    const obs = asObject(o);
    if (!importedIds.has(obs['id']))
      problems.push(`${shownAs}:/observations/${i}: refers to a case not in the file`);
    if (obs['result'] !== 'success' && obs['result'] !== 'counterexample')
      problems.push(`${shownAs}:/observations/${i}: result must be success or counterexample`);
    if (
      !isText(obs['project']) ||
      !isText(obs['environment']) ||
      !isText(obs['time']) ||
      !(CONFIRMATIONS as readonly unknown[]).includes(obs['confirmation'])
    ) {
      problems.push(
        `${shownAs}:/observations/${i}: needs project, environment, confirmation, time`,
      );
    }
  });
  if (problems.length > 0) {
    throw new UsageError('BAD_INPUT', `${shownAs} is not a case base export`, {
      where: shownAs,
      problems,
      next: `import a file written by "${nextCommand('casebaseExport')}"`,
    });
  }
  const known = exportCases(existing);
  const byDigest = new Map(known.cases.map((c) => [contentDigest(c), c.id]));
  const ids = known.cases.map((c) => c.id);
  const seenObs = new Set(known.observations.map((o) => digestJson(o)));
  const rename = new Map<string, string>();
  const append: KnowledgeRecord[] = [];
  let skipped = 0;
  for (const raw of cases as CaseEntry[]) {
    const entry = { ...raw, confidence: INITIAL[raw.provenance.confirmation] };
    const same = byDigest.get(contentDigest({ ...entry, id: '' }));
    if (same !== undefined) {
      rename.set(raw.id, same);
      skipped += 1;
      continue;
    }
    const id = nextId('CB', ids);
    ids.push(id);
    rename.set(raw.id, id);
    byDigest.set(contentDigest(entry), id);
    append.push({ op: 'case', case: { ...entry, id } });
  }
  for (const raw of observations as CaseObservation[]) {
    const observe = { ...raw, id: rename.get(raw.id) ?? raw.id };
    if (seenObs.has(digestJson(observe))) {
      skipped += 1;
      continue;
    }
    seenObs.add(digestJson(observe));
    append.push({ op: 'observe', observe });
  }
  return { append, skipped };
}
