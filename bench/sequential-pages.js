// The baseline of the --paginate measure: GET every page of a listing one
// after another with node:http, as a script without --paginate would, and
// print how many items came back.
// Usage: node bench/sequential-pages.js URL PAGES   (PROTON_UID / PROTON_ACCESS_TOKEN in the environment)
import {request} from 'node:http'

const [url, pages] = process.argv.slice(2)
const headers = {
  authorization: `Bearer ${process.env.PROTON_ACCESS_TOKEN}`,
  'x-pm-appversion': 'Other',
  'x-pm-uid': process.env.PROTON_UID,
}
const get = (page) =>
  new Promise((resolve, reject) => {
    const target = new URL(url)
    target.searchParams.set('Page', String(page))
    request(target, {headers}, (response) => {
      const chunks = []
      response.on('data', (chunk) => chunks.push(chunk))
      response.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))))
    })
      .on('error', reject)
      .end()
  })

let items = 0
for (let page = 0; page < Number(pages); page++) items += (await get(page)).Messages.length
console.log(items)
