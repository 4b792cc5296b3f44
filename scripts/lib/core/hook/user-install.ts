// How a user installs the proofgate the committed Stop hook runs, said for the kind of project at
// hand. There is one story (README.md "Add it to your project", references/install.md): pack a
// checkout of proofgate, install the tarball once per user with npm's --global, which writes
// nothing into the directory it is run from. Only the words around it change with the project:
// a Python, Rust or Go project gains no npm file, and an npm project's devDependency is not what
// the hook runs. The name `proofgate` is not on the npm registry: no text here installs it by name.
import type { ProjectKind } from '../scan/project-kind.ts';

/** The per-user install itself: the same for every kind of project. */
const PER_USER =
  'npm pack in a checkout of proofgate, then npm install --global <path>/proofgate-<version>.tgz from any directory (Node.js 20.19 or later; add --prefix ~/.local when the global prefix is not writable, with ~/.local/bin on PATH)';

const MANIFESTS: Record<Exclude<ProjectKind, 'npm' | 'other'>, string> = {
  python: 'Python project (nothing in pyproject.toml or requirements',
  rust: 'Rust crate (nothing in Cargo.toml',
  go: 'Go module (nothing in go.mod',
};

/** How to install the per-user proofgate, worded for `kind`. Never contains a single quote. */
export function userInstallFor(kind: ProjectKind): string {
  if (kind === 'npm')
    return `${PER_USER}; a devDependency of the project is not what the hook runs`;
  if (kind === 'other') return PER_USER;
  return `${PER_USER}; it adds nothing to this ${MANIFESTS[kind]}, no package.json, lockfile or node_modules): never npm install inside the project`;
}
