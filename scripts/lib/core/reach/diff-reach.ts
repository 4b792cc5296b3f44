// How a control's reach moved between the trusted base and the working tree, one line per key:
// `package.json scripts.test: 'node --test test/' → 'node -e 0'`, `.npmrc added: + 'script-shell=…'`.
import { digestJson } from '../hash.ts';
import type { Reach, ReachItem } from './reach.ts';

/** The reach's digest: what an approval of a reach change names. */
export function digestReach(reach: Pick<Reach, 'items' | 'unresolved'>): string {
  return digestJson({
    items: reach.items.map(({ key, value }) => ({ key, value })),
    unresolved: reach.unresolved.map(({ what, why }) => ({ what, why })),
  });
}

/** One line per key whose value differs, appeared or disappeared, sorted by key. */
export function diffReach(base: Pick<Reach, 'items'>, now: Pick<Reach, 'items'>): string[] {
  const before = new Map(base.items.map((i) => [i.key, i]));
  const after = new Map(now.items.map((i) => [i.key, i]));
  const keys = [...new Set([...before.keys(), ...after.keys()])].sort();
  const lines: string[] = [];
  for (const key of keys) {
    const was = before.get(key);
    const is = after.get(key);
    if (was?.value === is?.value) continue;
    lines.push(describeItem(key, was, is));
  }
  return lines;
}

const MAX_SHOWN = 80;

function quote(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return `'${one.length > MAX_SHOWN ? `${one.slice(0, MAX_SHOWN - 1)}…` : one}'`;
}

function describeItem(key: string, was: ReachItem | undefined, is: ReachItem | undefined): string {
  const whole = (was ?? is)?.value.startsWith('sha256:') === true || was?.text !== undefined;
  if (!whole || (was?.text === undefined && is?.text === undefined)) {
    const show = (item: ReachItem | undefined) =>
      item === undefined ? '(none)' : quote(item.value);
    return `${key}: ${show(was)} → ${show(is)}`;
  }
  if (was === undefined) return `${key} added${lineChanges('', is?.text ?? '')}`;
  if (is === undefined) return `${key} removed${lineChanges(was.text ?? '', '')}`;
  return `${key} changed${lineChanges(was.text ?? '', is.text ?? '')}`;
}

/** The lines a whole file gained and lost, a few of them: `: + 'a=1', - 'b=2'`. */
function lineChanges(before: string, after: string): string {
  const lines = (t: string) =>
    t
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '');
  const old = new Set(lines(before));
  const now = new Set(lines(after));
  const shown = [
    ...[...now].filter((l) => !old.has(l)).map((l) => `+ ${quote(l)}`),
    ...[...old].filter((l) => !now.has(l)).map((l) => `- ${quote(l)}`),
  ];
  if (shown.length === 0) return '';
  const head = shown.slice(0, 3).join(', ');
  return `: ${head}${shown.length > 3 ? `, … (${shown.length - 3} more)` : ''}`;
}
