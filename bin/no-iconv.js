// Stands in for the `iconv-lite` package inside the dist/ bundle: minipass-fetch (under
// @sigstore/sign's make-fetch-happen) requires it optionally, inside a try, for its
// textConverted(), which neither sigstore nor proofgate calls; without the package it defers the
// error to that call. Its codepage tables were a sixth of the hot path's script, read and hashed
// on every start. Requiring this file throws, as requiring a missing package would.
throw new Error('iconv-lite is left out of the proofgate bundle (bin/no-iconv.js)');
