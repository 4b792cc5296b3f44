// Where the mutation operators look when a control declares no `inputs`: the tracked source files
// of the languages they read (JS/TS, Python, Rust), whichever of them the repository holds,
// minus what no control's verdict is about: tests, vendored code, build output, build and tool
// configuration, and generated files. Never a fixed folder such as `src/**`: a Python package in
// `pkg/` or a script at the root is code like any other.
import { isMutableSource } from './pick-mutants.ts';

/** Vendored and built trees, at any depth. */
const OUTSIDE =
  /(?:^|\/)(?:vendor|vendored|third_party|node_modules|dist|build|target|out|coverage|site-packages|\.venv|venv|__pycache__)\//;
/** Minified and bundled files, and the configuration of build and test tools (`vite.config.ts`). */
const BUILD_FILE =
  /(?:\.min\.[cm]?js|\.bundle\.[cm]?js|(?:^|\/)[^/]*\.config\.[cm]?[jt]s|(?:^|\/)\.[^/]*rc\.[cm]?js|(?:^|\/)(?:Gruntfile|gulpfile)\.[cm]?js)$/;
/** A generated file says so in its first lines. */
const GENERATED =
  /@generated\b|DO NOT EDIT|[Aa]uto-?generated|[Aa]utomatically generated|[Tt]his file (?:is|was) generated/;

/** The files of a repository's listing (`git ls-files`) the operators may mutate by default. */
export function defaultSourceScope(files: readonly string[]): string[] {
  return files.filter(
    (file) => isMutableSource(file) && !OUTSIDE.test(file) && !BUILD_FILE.test(file),
  );
}

/** Whether `text` declares itself generated in its first five lines (`// @generated`, `DO NOT EDIT`). */
export function isGeneratedSource(text: string): boolean {
  return GENERATED.test(text.split('\n', 5).join('\n'));
}
