// The baseline of the benchmark: the same authenticated request as a command
// of ours (`proton api GET /core/v4/users`, `proton mail list` …), with
// nothing but node:http, printing the body. CommonJS, as the fast path's
// bundle is: require('node:http') skips the facade an ES import builds over a
// built-in module, which reads every export and so loads what Node keeps
// lazy (undici, for node:http; bare-node.js shows what that costs).
// Usage: node bench/bare-node.cjs URL   (PROTON_UID / PROTON_ACCESS_TOKEN in the environment)
const {request} = require('node:http')

const [url] = process.argv.slice(2)
const headers = {
  authorization: `Bearer ${process.env.PROTON_ACCESS_TOKEN}`,
  'x-pm-appversion': 'Other',
  'x-pm-uid': process.env.PROTON_UID,
}
request(url, {headers}, (response) => response.pipe(process.stdout)).end()
