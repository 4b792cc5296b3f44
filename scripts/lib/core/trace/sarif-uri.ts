// Where a SARIF result points, in the form GitHub code scanning keeps: a trace inside the
// repository is a percent-encoded path relative to the repository root (`uriBaseId`
// %SRCROOT%), the same whatever directory the command ran from and however the path was typed;
// a trace outside it is an absolute `file://` URI.
import { isAbsolute, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

export const SRCROOT = '%SRCROOT%';

export interface ArtifactLocation {
  uri: string;
  uriBaseId?: string;
}

/** Each path segment percent-encoded (spaces, non-ASCII, `#`, `?`, `%`, `:`). */
function encodeSegments(path: string): string {
  return path
    .split(sep)
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

/** `absolute` (a trace file) as seen from `root` (the repository root, absolute). */
export function artifactLocation(absolute: string, root: string): ArtifactLocation {
  const rel = relative(root, absolute);
  if (rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel))
    return { uri: encodeSegments(rel), uriBaseId: SRCROOT };
  return { uri: pathToFileURL(absolute).href };
}

/** The root as the `originalUriBaseIds` entry: an absolute `file://` URI ending in `/`. */
export function rootUri(root: string): string {
  const href = pathToFileURL(root).href;
  return href.endsWith('/') ? href : `${href}/`;
}
