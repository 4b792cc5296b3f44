// Whether an adopted command should run alone (`exclusive: true`): builds and test suites that
// fan out over a whole monorepo or start browsers and services take the machine, and running them
// beside other controls slowed both and made timing-sensitive tests fail. Only what the name or the
// argv says is used; when it cannot tell, the command shares the pool.
import type { Candidate } from './types.ts';

const BUILD_NAME = /^(build|compile|bundle|dist|package|assemble)([:_.-].*)?$/i;
const HEAVY_TEST_NAME = /(^|[:_.-])(e2e|integration|test[:_-]all|all[:_-]tests)([:_.-]|$)/i;
/** Build subcommands of the toolchains scan knows (cargo build, go build, gradle assemble, mvn package). */
const BUILD_VERBS = new Set(['build', 'assemble', 'package', 'install', 'verify', 'compile']);
const BUILD_TOOLS = new Set([
  'cargo',
  'go',
  'gradle',
  './gradlew',
  'gradlew',
  'mvn',
  './mvnw',
  'mvnw',
  'tsc',
]);
/** Runners that fan a script out over every workspace package. */
const FAN_OUT = ['turbo', 'nx', 'lerna'];

export function isHeavyCommand(candidate: Candidate): boolean {
  const names = candidate.id.split(':').slice(1);
  if (names.some((n) => BUILD_NAME.test(n)) || HEAVY_TEST_NAME.test(names.join(':'))) return true;
  const [tool, ...rest] = candidate.argv;
  if (tool === undefined) return false;
  if (BUILD_TOOLS.has(tool) && rest.some((a) => BUILD_VERBS.has(a))) return true;
  if (FAN_OUT.includes(tool)) return true;
  const recursive =
    rest.includes('-r') || rest.includes('--recursive') || rest.includes('--workspaces');
  return recursive && rest.some((a) => /test|build/.test(a));
}
