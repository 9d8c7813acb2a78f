// The baseline (bare-node.cjs) as an ES module, for comparison: the ES import
// of node:http builds a facade that reads every export, and so loads what
// Node keeps lazy (undici).
// Usage: node bench/bare-node.js URL   (PROTON_UID / PROTON_ACCESS_TOKEN in the environment)
import {request} from 'node:http'

const [url] = process.argv.slice(2)
const headers = {
  authorization: `Bearer ${process.env.PROTON_ACCESS_TOKEN}`,
  'x-pm-appversion': 'Other',
  'x-pm-uid': process.env.PROTON_UID,
}
request(url, {headers}, (response) => response.pipe(process.stdout)).end()
