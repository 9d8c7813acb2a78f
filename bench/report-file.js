// Where `npm run bench` keeps its tables: docs/speed.md, between the
// `<!-- bench:start -->` and `<!-- bench:end -->` markers, which it rewrites
// in place (the rest of the page is prose written by hand).
import {readFileSync, writeFileSync} from 'node:fs'

export const REPORT_FILE = new URL('../docs/speed.md', import.meta.url)

const MARKED = /(<!-- bench:start -->\n)[\s\S]*?(<!-- bench:end -->)/

/** Put `report` between the markers of `file`; false (the file untouched) when it has none. */
export function writeReport(report, file = REPORT_FILE) {
  const text = readFileSync(file, 'utf8')
  if (!MARKED.test(text)) return false
  writeFileSync(
    file,
    text.replace(MARKED, (_, start, end) => `${start}${report}${end}`),
  )
  return true
}
