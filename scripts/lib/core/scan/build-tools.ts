// Test commands of the compiled-language build tools, from their manifests at the root:
// `cargo:test` (Cargo.toml), `go:test` (go.mod), `gradle:test` (build.gradle[.kts] or a wrapper),
// `maven:test` (pom.xml). The repository's own wrapper script is preferred when it is committed.
// Go, Gradle and Maven pass when a project has no test at all, so they are offered only when test
// files exist; Rust tests usually live inside the sources, so a crate is enough for cargo.
import { parse as parseToml } from 'smol-toml';
import type { Candidate, FileContents } from './types.ts';

export const BUILD_TOOL_FILES = ['Cargo.toml', 'go.mod', 'pom.xml'] as const;

const GRADLE_FILES = [
  'build.gradle',
  'build.gradle.kts',
  'settings.gradle',
  'settings.gradle.kts',
] as const;

function isCargoWorkspace(text: string | undefined): boolean {
  try {
    return text !== undefined && 'workspace' in parseToml(text);
  } catch {
    return /^\[workspace\]/m.test(text ?? '');
  }
}

function make(id: string, argv: string[], file: string, body: string): Candidate {
  return { id, argv, where: `${file}:1`, body, authorization: [] };
}

const GO_TEST = /(^|\/)[^/]+_test\.go$/;
const JVM_TEST = /(^|\/)src\/test\//;

export function findBuildToolCandidates(
  set: ReadonlySet<string>,
  contents: FileContents,
  paths: readonly string[],
): Candidate[] {
  const found: Candidate[] = [];
  if (contents.has('Cargo.toml')) {
    // A workspace root tests every member only with --workspace (unless it is a virtual manifest,
    // where the flag changes nothing).
    const argv = isCargoWorkspace(contents.get('Cargo.toml'))
      ? ['cargo', 'test', '--workspace']
      : ['cargo', 'test'];
    found.push(make('cargo:test', argv, 'Cargo.toml', 'the crate tests, doc tests included'));
  }
  if (contents.has('go.mod') && paths.some((p) => GO_TEST.test(p)))
    found.push(make('go:test', ['go', 'test', './...'], 'go.mod', 'every package of the module'));
  const hasJvmTests = paths.some((p) => JVM_TEST.test(p));
  const gradle = GRADLE_FILES.find((f) => set.has(f));
  if (hasJvmTests && (gradle !== undefined || set.has('gradlew'))) {
    const argv = set.has('gradlew') ? ['./gradlew', 'test'] : ['gradle', 'test'];
    found.push(make('gradle:test', argv, gradle ?? 'gradlew', 'the Gradle test task'));
  }
  if (hasJvmTests && set.has('pom.xml')) {
    const argv = set.has('mvnw') ? ['./mvnw', 'test'] : ['mvn', 'test'];
    found.push(make('maven:test', argv, 'pom.xml', 'the Maven test phase'));
  }
  return found;
}
