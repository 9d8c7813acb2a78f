// The baseline of the benchmark: the same authenticated request as
// `proton api GET /core/v4/users`, with nothing but node:http, printing the body.
// Usage: node bench/bare-node.js URL   (PROTON_UID / PROTON_ACCESS_TOKEN in the environment)
import {request} from 'node:http'

const [url] = process.argv.slice(2)
const headers = {
  authorization: `Bearer ${process.env.PROTON_ACCESS_TOKEN}`,
  'x-pm-appversion': 'Other',
  'x-pm-uid': process.env.PROTON_UID,
}
request(url, {headers}, (response) => response.pipe(process.stdout)).end()
