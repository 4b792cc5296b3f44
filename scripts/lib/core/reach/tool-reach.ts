// The leaf tools of a reach: test runners, pytest, cargo and make bind their configuration files;
// none of them runs another command the walk would follow.
import { CARGO_FILES, JS_RUNNERS, MAKEFILES, PYTEST_FILES } from './config-files.ts';
import {
  at,
  bindFile,
  bindNamed,
  flagValue,
  listed,
  note,
  read,
  readPackage,
  type Walk,
} from './reach-walk.ts';

export function bindRunner(walk: Walk, name: string, args: readonly string[]): void {
  const runner = JS_RUNNERS[name];
  if (runner === undefined) return;
  const named = flagValue(args, runner.configFlags);
  if (named !== undefined) {
    const path = at(walk, named);
    const found = read(walk, path);
    if (found !== 'pending' && 'absent' in found)
      note(walk, path, `${name} is told to read it, and it does not exist`);
    bindFile(walk, path);
  }
  for (const file of runner.files) bindFile(walk, at(walk, file));
  if (runner.packageKey === undefined) return;
  const parsed = readPackage(walk);
  const value = parsed?.[runner.packageKey];
  if (value === undefined) return;
  const key = `${at(walk, 'package.json')} ${runner.packageKey}`;
  walk.items.set(key, { key, file: at(walk, 'package.json'), value: JSON.stringify(value) });
}

export function bindPytest(walk: Walk, args: readonly string[]): void {
  const named = flagValue(args, ['-c', '--config-file', '--rootdir']);
  if (named !== undefined) bindFile(walk, at(walk, named));
  for (const file of PYTEST_FILES) bindFile(walk, at(walk, file));
  for (const conftest of listed(walk, 'conftest.py')) bindFile(walk, conftest);
}

export function bindCargo(walk: Walk): void {
  bindFile(walk, at(walk, 'Cargo.toml'));
  for (const manifest of listed(walk, 'Cargo.toml')) bindFile(walk, manifest);
  for (const file of CARGO_FILES) {
    bindFile(walk, at(walk, file));
    if (walk.dir !== '') bindFile(walk, file);
  }
}

export function runMake(walk: Walk, args: readonly string[]): void {
  const dir = flagValue(args, ['-C', '--directory']);
  const inner: Walk = dir === undefined ? walk : { ...walk, dir: at(walk, dir) };
  const text = bindNamed(inner, flagValue(args, ['-f', '--file', '--makefile']), MAKEFILES);
  if (text === undefined) return;
  // What the Makefile includes by a literal name is part of its recipes.
  for (const line of text.split('\n')) {
    const include = /^\s*-?(?:include|sinclude)\s+(.+)$/.exec(line);
    for (const file of include?.[1]?.split(/\s+/) ?? [])
      if (file !== '' && !/[$*?]/.test(file)) bindFile(inner, at(inner, file));
  }
  walk.needsListing ||= inner.needsListing;
}
