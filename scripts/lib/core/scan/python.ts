// Python test runners → candidates: `python:pytest` when pytest is configured, or declared as a
// dependency of a project that has Python tests; `python:unittest` when tox runs the standard
// library's runner (the same command without tox's environment); `python:tox` and `python:nox`
// when their configuration exists. Manifests are parsed (TOML, INI sections, requirement lines), never run.
import { parse as parseToml } from 'smol-toml';
import { lineOf } from './line-of.ts';
import type { Candidate, FileContents } from './types.ts';

/** Root files the Python candidates are decided from. */
export const PYTHON_FILES = [
  'pyproject.toml',
  'setup.cfg',
  'setup.py',
  'tox.ini',
  'pytest.ini',
  'noxfile.py',
  'Pipfile',
  'conftest.py',
] as const;

const REQUIREMENTS = /^(requirements[^/]*\.txt|[a-z-]*requirements\.txt|requirements\/[^/]+\.txt)$/;

/** Requirement files at the root or in `requirements/` (dev and test pins live there). */
export function isRequirementsFile(path: string): boolean {
  return REQUIREMENTS.test(path);
}

// A requirement string that names pytest itself (not a plugin such as pytest-cov).
const PYTEST_REQUIREMENT = /^\s*pytest\s*(?:[[<>=!~;@(]|$)/i;

function readToml(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  try {
    return parseToml(text);
  } catch {
    return undefined;
  }
}

function at(value: unknown, ...keys: string[]): unknown {
  let node = value;
  for (const key of keys) {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

// True when a dependency table or list anywhere under `node` names pytest (a requirement string
// in a list, or a `pytest = "..."` key as Poetry and Pipenv write them).
function namesPytest(node: unknown, depth = 0): boolean {
  if (depth > 6) return false;
  if (typeof node === 'string') return PYTEST_REQUIREMENT.test(node);
  if (Array.isArray(node)) return node.some((item) => namesPytest(item, depth + 1));
  if (typeof node !== 'object' || node === null) return false;
  return Object.entries(node).some(
    ([key, value]) => key.toLowerCase() === 'pytest' || namesPytest(value, depth + 1),
  );
}

const PYPROJECT_DEPENDENCY_TABLES = [
  ['project', 'optional-dependencies'],
  ['dependency-groups'],
  ['tool', 'poetry'],
  ['tool', 'pdm', 'dev-dependencies'],
  ['tool', 'uv', 'dev-dependencies'],
  ['tool', 'hatch', 'envs'],
] as const;

// The first line that is a pytest requirement (`"pytest>=8",`, `pytest = "^8"`, `pytest==8.1`).
function pytestLine(text: string | undefined): string | undefined {
  return text?.split('\n').find((line) => PYTEST_REQUIREMENT.test(line.replace(/^[\s"',]+/, '')));
}

interface Evidence {
  file: string;
  needle: string;
}

/** Where pytest is configured, if anywhere. */
function findPytestConfig(contents: FileContents, set: ReadonlySet<string>): Evidence | undefined {
  const pyproject = readToml(contents.get('pyproject.toml'));
  if (at(pyproject, 'tool', 'pytest') !== undefined)
    return { file: 'pyproject.toml', needle: '[tool.pytest' };
  if (set.has('pytest.ini')) return { file: 'pytest.ini', needle: '' };
  if (/^\[tool:pytest\]/m.test(contents.get('setup.cfg') ?? ''))
    return { file: 'setup.cfg', needle: '[tool:pytest]' };
  if (/^\[pytest\]/m.test(contents.get('tox.ini') ?? ''))
    return { file: 'tox.ini', needle: '[pytest]' };
  if (set.has('conftest.py')) return { file: 'conftest.py', needle: '' };
  return undefined;
}

/** Where pytest is declared as a (development) dependency, if anywhere. */
function findPytestDependency(contents: FileContents): Evidence | undefined {
  const pyproject = readToml(contents.get('pyproject.toml'));
  if (PYPROJECT_DEPENDENCY_TABLES.some((keys) => namesPytest(at(pyproject, ...keys))))
    return { file: 'pyproject.toml', needle: pytestLine(contents.get('pyproject.toml')) ?? '' };
  const pipfile = readToml(contents.get('Pipfile'));
  if (namesPytest(at(pipfile, 'dev-packages')))
    return { file: 'Pipfile', needle: pytestLine(contents.get('Pipfile')) ?? '' };
  for (const [file, text] of contents) {
    const listsPytest =
      isRequirementsFile(file) || file === 'setup.cfg' || file === 'setup.py' || file === 'tox.ini';
    const line = listsPytest ? pytestLine(text) : undefined;
    if (line !== undefined) return { file, needle: line };
  }
  return undefined;
}

// `{envpython} -m unittest discover -s tests` (or python/python3) in a tox commands line: the
// standard library's runner, which needs nothing tox installs. Plain words only.
const TOX_UNITTEST =
  /^\s*(?:commands\s*=\s*)?(?:\{envpython\}|python3?)\s+-m\s+unittest((?:\s+[\w./=*'-]+)*)\s*$/;

function toxUnittest(text: string | undefined): { line: string; args: string[] } | undefined {
  for (const line of text?.split('\n') ?? []) {
    const match = TOX_UNITTEST.exec(line);
    if (match === null) continue;
    // tox splits its commands like a shell: 'test_*.py' is the word test_*.py
    const args = (match[1] ?? '')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((a) => a.replace(/^'(.*)'$/, '$1'));
    if (args.some((a) => a.includes("'"))) continue;
    return { line: line.trim(), args };
  }
  return undefined;
}

function candidate(
  id: string,
  argv: string[],
  evidence: Evidence,
  body: string,
  contents: FileContents,
): Candidate {
  const line =
    evidence.needle === '' ? 1 : lineOf(contents.get(evidence.file) ?? '', evidence.needle);
  return {
    id,
    argv,
    where: `${evidence.file}:${line}`,
    body,
    // tox and nox build their own virtual environments and install packages into them.
    authorization: id === 'python:tox' || id === 'python:nox' ? ['install_dependencies'] : [],
  };
}

/**
 * Python candidates. `hasPythonTests`: the file list has Python test files or a tests folder with
 * Python files, so a pytest dependency alone is enough to offer pytest.
 */
export function findPythonCandidates(
  set: ReadonlySet<string>,
  contents: FileContents,
  hasPythonTests: boolean,
): Candidate[] {
  const found: Candidate[] = [];
  const config = findPytestConfig(contents, set);
  const dependency = hasPythonTests ? findPytestDependency(contents) : undefined;
  const pytest = config ?? dependency;
  if (pytest !== undefined)
    found.push(
      candidate(
        'python:pytest',
        ['pytest'],
        pytest,
        config === undefined ? 'pytest (declared as a dependency; tests found)' : 'pytest',
        contents,
      ),
    );
  const unittest = toxUnittest(contents.get('tox.ini'));
  if (pytest === undefined && unittest !== undefined)
    found.push(
      candidate(
        'python:unittest',
        ['python3', '-m', 'unittest', ...unittest.args],
        { file: 'tox.ini', needle: unittest.line },
        `python3 -m unittest${unittest.args.map((a) => ` ${a}`).join('')} (tox's command, run with the python3 on PATH)`,
        contents,
      ),
    );
  const pyproject = readToml(contents.get('pyproject.toml'));
  if (set.has('tox.ini'))
    found.push(
      candidate('python:tox', ['tox'], { file: 'tox.ini', needle: '[tox' }, 'tox', contents),
    );
  else if (at(pyproject, 'tool', 'tox') !== undefined)
    found.push(
      candidate(
        'python:tox',
        ['tox'],
        { file: 'pyproject.toml', needle: '[tool.tox' },
        'tox',
        contents,
      ),
    );
  if (set.has('noxfile.py'))
    found.push(
      candidate('python:nox', ['nox'], { file: 'noxfile.py', needle: '' }, 'nox', contents),
    );
  return found;
}
