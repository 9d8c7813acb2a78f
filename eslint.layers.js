// The layers of issue 41, kept by the linter (installed by the re-cut's last step, recut.mjs --step sandbox).
// Imports run one way: contract <- core <- platform (http, session, output, files, description, completion) <- cli
// <- crypto <- run <- account <- features (api, mail, send, calendar, contacts, drive, pass) <- cli/oclif, src/commands.
// A feature imports no other, except send -> contacts and send -> mail. Nothing in src/lib imports src/sandbox or
// src/launch. The sandbox imports only contract/, core/, crypto/ and the SRP maths of session/srp (its `proton
// sandbox` command and its glue, command.ts and glue.ts, are clients of the tool and import what they need).
const FEATURES = ['api', 'mail', 'send', 'calendar', 'contacts', 'drive', 'pass']
const PLATFORM = ['http', 'session', 'output', 'files', 'description', 'completion']
const LOWER = {
  contract: [],
  core: ['contract'],
  platform: ['contract', 'core', ...PLATFORM],
  cli: ['contract', 'core', ...PLATFORM],
  crypto: ['contract', 'core', ...PLATFORM, 'cli'],
  run: ['contract', 'core', ...PLATFORM, 'cli', 'crypto'],
  account: ['contract', 'core', ...PLATFORM, 'cli', 'crypto', 'run'],
}
const ALL = ['contract', 'core', ...PLATFORM, 'cli', 'crypto', 'run', 'account', ...FEATURES]
/** A zone: files under `target` import none of src/lib's folders but `allowed` (nor src/sandbox, src/launch). */
const zone = (target, allowed, message) => ({
  target,
  from: [...ALL.filter((folder) => !allowed.includes(folder)).map((folder) => `./src/lib/${folder}`), './src/sandbox', './src/launch'],
  message: `${message} (issue 41's layers)`,
})
const libZone = (folder, allowed, message) => zone(`./src/lib/${folder}`, [folder, ...allowed], message)
const zones = [
  libZone('contract', LOWER.contract, 'contract/ imports nothing of ours'),
  libZone('core', LOWER.core, 'core/ imports contract/ only'),
  ...PLATFORM.map((folder) => libZone(folder, LOWER.platform, 'the platform imports contract/, core/ and other platform folders')),
  {...libZone('cli', LOWER.cli, 'cli/ (reading the line) sits under run/'), target: './src/lib/cli/*.ts'},
  libZone('crypto', LOWER.crypto, 'crypto/ is pure: no run, no account, no feature'),
  libZone('run', LOWER.run, 'run/ imports no account and no feature'),
  libZone('account', LOWER.account, 'account/ imports no feature'),
  ...FEATURES.map((feature) => {
    const others = feature === 'send' ? ['contacts', 'mail'] : []
    return libZone(feature, [...LOWER.account, 'account', ...others], `${feature}/ imports no other feature${others.length > 0 ? ` but ${others.join(' and ')}` : ''}`)
  }),
  {
    target: './src/sandbox/{http,handlers,backend,fixtures,parsers}/**',
    from: './src/lib',
    except: ['./contract', './core', './crypto', './session/srp'],
    message: 'the sandbox imports only contract/, core/, crypto/ and the SRP maths, and parses with its own code (issue 41)',
  },
  {target: './src/sandbox', from: './src/launch', message: 'the sandbox does not import the fast path (issue 41)'},
]
export const layers = [{files: ['src/**/*.ts'], rules: {'import-x/no-restricted-paths': ['error', {zones}]}}]
