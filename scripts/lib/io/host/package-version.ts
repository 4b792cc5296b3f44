// The package's version, read once from its own package.json (the one source of the number).
import { readFileSync } from 'node:fs';
import { packagePath } from './package-root.ts';

export function readPackageVersion(): string {
  const parsed: unknown = JSON.parse(readFileSync(packagePath('package.json'), 'utf8'));
  const version = (parsed as { version?: unknown }).version;
  return typeof version === 'string' ? version : '0.0.0';
}
