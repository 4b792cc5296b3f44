// The options every verb accepts, whatever its flags: the base of each <Verb>Options.
export interface CommonOptions {
  /** Repository root; default: the git top level of the current directory. */
  root: string | undefined;
  json: boolean;
  /** Byte bound of human output. */
  limit: number;
}
