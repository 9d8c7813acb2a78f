// The baseline of the benchmark: the same authenticated request(s) as a command
// of ours (`proton api GET /core/v4/users`, `proton mail list` …), with
// nothing but node:http, printing the bodies. Several URLs are asked for all
// at once (an encrypted read's own requests: its keys and its data), the
// bodies printed in the order given. CommonJS, as the fast path's bundle is:
// require('node:http') skips the facade an ES import builds over a built-in
// module, which reads every export and so loads what Node keeps lazy (undici,
// for node:http; bare-node.js shows what that costs).
// Usage: node bench/bare-node.cjs URL…   (PROTON_UID / PROTON_ACCESS_TOKEN in the environment)
const {request} = require('node:http')

const urls = process.argv.slice(2)
const headers = {
  authorization: `Bearer ${process.env.PROTON_ACCESS_TOKEN}`,
  'x-pm-appversion': 'Other',
  'x-pm-uid': process.env.PROTON_UID,
}
if (urls.length === 1) request(urls[0], {headers}, (response) => response.pipe(process.stdout)).end()
else {
  const bodies = urls.map(
    (url) =>
      new Promise((resolve) => {
        request(url, {headers}, (response) => {
          const chunks = []
          response.on('data', (chunk) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks)))
        }).end()
      }),
  )
  Promise.all(bodies).then((all) => process.stdout.write(Buffer.concat(all)))
}
