// Which ecosystems a project is, from the manifests at its root: what the install advice is worded
// for (core/hook/user-install.ts) and whose lockfile the lockfile control points at (inventory.ts).

/** The ecosystem a project's root files declare; `other` when none of them is there. */
export const PROJECT_KINDS = ['rust', 'go', 'python', 'npm', 'other'] as const;
export type ProjectKind = (typeof PROJECT_KINDS)[number];

/**
 * Root file names that declare each kind, in order of precedence. A non-npm manifest goes before
 * package.json: in a Python, Rust or Go project a package.json is most often what an `npm install`
 * run there by mistake left behind.
 */
const MARKERS: readonly [Exclude<ProjectKind, 'other'>, RegExp][] = [
  ['rust', /^Cargo\.toml$/],
  ['go', /^go\.mod$/],
  ['python', /^(pyproject\.toml|setup\.py|setup\.cfg|Pipfile|requirements[\w.-]*\.txt)$/],
  ['npm', /^package\.json$/],
];

/** Every kind the root file `names` declare, in order of precedence. */
export function projectKinds(names: Iterable<string>): Exclude<ProjectKind, 'other'>[] {
  const all = [...names];
  return MARKERS.filter(([, marker]) => all.some((n) => marker.test(n))).map(([kind]) => kind);
}

/** The kind of the project whose root holds `names` (file names, not paths). */
export function projectKindOf(names: Iterable<string>): ProjectKind {
  return projectKinds(names)[0] ?? 'other';
}
