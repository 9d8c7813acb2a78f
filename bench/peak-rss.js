// Preloaded with --import into a measured process: reports its peak RSS (KiB) on exit.
import {writeSync} from 'node:fs'

process.on('exit', () => {
  const fd = Number(process.env.PEAK_RSS_FD ?? 3)
  try {
    writeSync(fd, `${process.resourceUsage().maxRSS}\n`)
  } catch {
    // No report channel: nothing to do.
  }
})
