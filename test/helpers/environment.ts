/**
 * Changing process.env in place for a test and putting it back: some
 * settings (TZ) take effect only through the real object.
 */

/** Remember process.env now; the function returned restores it. */
export function snapshotEnvironment(): () => void {
  const saved = {...process.env}
  return () => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) Reflect.deleteProperty(process.env, key)
    Object.assign(process.env, saved)
  }
}

/** Set these variables; undefined removes one. */
export function setEnvironment(values: Record<string, string | undefined>): void {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) Reflect.deleteProperty(process.env, key)
    else process.env[key] = value
  }
}
