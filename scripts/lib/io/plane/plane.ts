// Reads a control plane where locate-plane.ts finds it: `<root>/.proofgate/` for a target project,
// or `<root>` itself (proofgate's own plane lives at its repo root).
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseDocument } from 'yaml';
import { ConfigError } from '../../core/errors.ts';
import { DEFAULT_PLANE_DIR, type Plane, type PlaneLocation } from '../../core/plane/plane.ts';
import { readPlainYaml } from '../../core/plane/plain-yaml.ts';
import { locatePlane } from './locate-plane.ts';
import {
  assertPlaneReferences,
  validateManifest,
  validateRegistry,
} from '../../core/plane/validate.ts';

/**
 * Human-owned YAML never needs many aliases; the limit bounds the work an alias bomb can cause
 * (the yaml package counts each alias resolution weighted by the size of what it repeats).
 */
const MAX_YAML_ALIAS_COUNT = 100;

/** Parses a YAML file; every syntax error is reported at once with file:line:col (exit 2). */
export function readYamlFile(path: string, shownAs: string): unknown {
  return parseYamlText(readFileSync(path, 'utf8'), shownAs);
}

/**
 * Parses a YAML text: plain YAML by the quick reading (core/plane/plain-yaml.ts), anything else,
 * and every error, by the yaml package.
 */
export function parseYamlText(text: string, shownAs: string): unknown {
  const plain = readPlainYaml(text);
  if (plain !== undefined) return plain.value;
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const problems = doc.errors.map((e) => {
      const pos = e.linePos?.[0];
      return `${shownAs}${pos ? `:${pos.line}:${pos.col}` : ''}: ${(e.message.split('\n')[0] ?? e.code).replace(/ at line \d+, column \d+:?$/, '')}`;
    });
    throw new ConfigError('YAML_INVALID', `${shownAs} is not valid YAML`, {
      where: shownAs,
      problems,
      next: `fix the YAML syntax in ${shownAs}`,
    });
  }
  try {
    return doc.toJS({ maxAliasCount: MAX_YAML_ALIAS_COUNT });
  } catch (error) {
    // toJS throws for an alias without an anchor before it, and for alias expansion past the
    // limit (a "billion laughs" document): both are input errors, never a crash.
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError('YAML_INVALID', `${shownAs} is not usable YAML: ${reason}`, {
      where: shownAs,
      problems: [`${shownAs}: ${reason}`],
      expected: `anchors defined before their aliases, at most ${MAX_YAML_ALIAS_COUNT} alias expansions`,
      next: `write the values out in ${shownAs} instead of aliasing them`,
    });
  }
}

const parsed = new Map<string, Plane>();

export function loadPlane(root: string): Plane {
  const location = locatePlane(root);
  if (location === undefined) {
    throw new ConfigError('PLANE_MISSING', `no control plane found under ${root}`, {
      expected: `${DEFAULT_PLANE_DIR}/controls/manifest.yaml or controls/manifest.yaml`,
      next: 'run "proofgate init --template" to see the decisions, then "proofgate init --profile <file>"',
    });
  }
  const manifestPath = join(location.dir, 'controls', 'manifest.yaml');
  const registryPath = join(location.dir, 'controls', 'registry.yaml');
  const manifestText = readFileSync(manifestPath, 'utf8');
  const registryText = existsSync(registryPath) ? readFileSync(registryPath, 'utf8') : undefined;
  // One parse per process: the same bytes at the same place give the same plane, so a verb that
  // loads the plane from several flows parses and validates its YAML once. Changed bytes miss.
  const key = JSON.stringify([root, location.dir, manifestText, registryText ?? null]);
  const known = parsed.get(key);
  if (known !== undefined) return known;
  const show = (p: string): string => relative(root, p).split('\\').join('/');
  const plane = planeFromTexts(location, { manifest: manifestText, registry: registryText }, show);
  parsed.set(key, plane);
  return plane;
}

/**
 * A plane from the texts of its two files (read from disk, or from a commit by `git show`);
 * `show` names a file in messages. Validated exactly as a plane read from disk.
 */
export function planeFromTexts(
  location: PlaneLocation,
  texts: { manifest: string; registry: string | undefined },
  show: (path: string) => string,
): Plane {
  const manifestPath = join(location.dir, 'controls', 'manifest.yaml');
  const registryPath = join(location.dir, 'controls', 'registry.yaml');
  const manifest = validateManifest(
    parseYamlText(texts.manifest, show(manifestPath)),
    show(manifestPath),
  );
  const registry =
    texts.registry !== undefined
      ? validateRegistry(parseYamlText(texts.registry, show(registryPath)), show(registryPath))
      : { version: 1 as const, controls: [] };
  assertPlaneReferences(manifest, registry, {
    manifest: show(manifestPath),
    registry: show(registryPath),
  });
  return { ...location, manifest, registry, manifestPath, registryPath };
}
