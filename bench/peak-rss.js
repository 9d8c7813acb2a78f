// Preloaded with --import into a measured process: reports its peak RSS (KiB) on exit.
// On Linux that is VmHWM, the peak of this program alone: getrusage's maxRSS
// also counts what the parent held when it forked us (a big test runner reads
// as a big child).
import {readFileSync, writeSync} from 'node:fs'

function peakKiB() {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))
    if (match) return Number(match[1])
  } catch {
    // No /proc: getrusage's figure.
  }

  return process.resourceUsage().maxRSS
}

process.on('exit', () => {
  const fd = Number(process.env.PEAK_RSS_FD ?? 3)
  try {
    writeSync(fd, `${peakKiB()}\n`)
  } catch {
    // No report channel: nothing to do.
  }
})
