// esbuild's inject for the fast path's bundles: a free `Headers` or `Response` in the bundled code (the drive SDK's
// and the drive's HTTP client's) is taken from here instead of Node's globals, whose first touch loads all of undici
// (src/lib/drive/light-response.ts says what they cover). FormData, fetch and globalThis.X stay Node's.
export {LightHeaders as Headers, LightResponse as Response} from '../dist/lib/drive/light-response.js'
