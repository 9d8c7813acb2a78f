// The same baseline as bare-node.js, written as CommonJS: require('node:http')
// skips the facade an ES import builds over a built-in module, which reads
// every export and so loads what Node keeps lazy (undici, for node:http),
// some 40 ms here. Shown beside the ES module, which is the baseline of the target.
// Usage: node bench/bare-node.cjs URL   (PROTON_UID / PROTON_ACCESS_TOKEN in the environment)
const {request} = require('node:http')

const [url] = process.argv.slice(2)
const headers = {
  authorization: `Bearer ${process.env.PROTON_ACCESS_TOKEN}`,
  'x-pm-appversion': 'Other',
  'x-pm-uid': process.env.PROTON_UID,
}
request(url, {headers}, (response) => response.pipe(process.stdout)).end()
