// `file:line` locations for the things scan reports.

/** 1-based line of the first occurrence of `needle` in `text`, or 1 when absent. */
export function lineOf(text: string, needle: string): number {
  const at = text.indexOf(needle);
  if (at < 0) return 1;
  let line = 1;
  for (let i = 0; i < at; i++) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}

/** 1-based line of character offset `offset`. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}

export function dirOf(path: string): string {
  const at = path.lastIndexOf('/');
  return at < 0 ? '' : path.slice(0, at);
}

export function baseOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
