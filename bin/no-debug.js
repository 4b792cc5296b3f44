// Stands in for the `debug` package inside the dist/ bundle: tuf-js logs through it, proofgate
// never turns that logging on, and loading the real package (tty and colour probing) costs
// milliseconds on every start. The TypeScript sources still use the real package.
function createDebug(namespace) {
  const log = () => {};
  log.namespace = namespace;
  log.enabled = false;
  log.extend = (suffix) => createDebug(`${namespace}:${suffix}`);
  return log;
}
createDebug.formatters = {};
createDebug.enabled = () => false;

// tuf-js imports the package's default export; this file stands in for exactly that shape.
module.exports = createDebug;
