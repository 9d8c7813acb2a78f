/**
 * The shell code added to the completion scripts @oclif/plugin-autocomplete
 * generates. The plugin's bash function reads the whole line as one
 * command id (it completes flags with `grep | sed` over that id, which
 * breaks on a value holding `/`, and finds nothing once an argument or a
 * flag value was typed), and neither shell knows our leading global flags,
 * profile names or API paths. So the block takes over every line that runs
 * one of our commands: standalone, the whole of `proton …`; in a host,
 * `<bin> proton …` (or `<bin> proton:…`), and a top-level form of ours
 * (`<bin> mail list …`, where the host has no `mail list`) once its command
 * name is typed, leaving the host's own commands, and command names, to the
 * host's function (it knows both forms). It completes, with shell built-ins only (no process
 * starts on TAB): command and topic names (each once), flags after any
 * argument or value, flag values (profile names from the sessions
 * directory; mailbox words and the account's labels, folders and calendars
 * from the names the commands keep, value-names.ts, never files; a flag's
 * options; else files), and `api` METHOD and ENDPOINT
 * from the word lists. Pass vault and item names alone start the CLI (its
 * hidden `pass names`): they are kept sealed, and only it can open them. When the plugin's files are gone (uninstalled from
 * the host), the block does nothing but hand over to the host's function.
 *
 * bash and zsh share the code that reads the line (scan) and picks the
 * candidates (collect); each shell has its own entry point, which turns the
 * line into words and hands the candidates to the shell.
 */
import {shellQuote} from '../output/shell-quote.ts'
import {anyCasePattern, shellIdentifier} from './shell-words.ts'

export interface FlagSpec {
  /** As typed: --output, -F. */
  name: string
  summary: string
  /** Takes a value (the next word, or after `=`). */
  valued: boolean
  /** The values it accepts, when it declares them. */
  options: readonly string[]
}

/** A command or topic, its id relative to our commands' topic (`mail:list`; '' is the root). */
export interface NodeSpec {
  id: string
  summary: string
  /** A command (it has flags); otherwise a topic only. */
  runnable: boolean
  flags: readonly FlagSpec[]
}

export interface CompletionSetup {
  /** The CLI's bin (config.bin) and its aliases. */
  bin: string
  aliases: readonly string[]
  /** '' standalone; inside a host, the topic holding our commands (`proton`). */
  topic: string
  /** Inside a host: our commands (relative ids) whose top-level id reaches ours there. */
  topLevel: readonly string[]
  /** A file of the installed plugin: when it is gone, the block hands everything to the host's completion. */
  pluginFile: string
  wordsDir: string
  /** Where the commands keep the account's names for flag values (value-names.ts). */
  namesDir: string
  /** The mailbox words --label takes, and those --to takes. */
  mailboxWords: readonly string[]
  moveWords: readonly string[]
  /** The environment variables naming the config directory (<BIN>_CONFIG_DIR …), first wins, and the CLI's dirname. */
  configDirVariables: readonly string[]
  dirname: string
  methods: readonly string[]
  /** Every command and topic (relative ids), the root ('') included. */
  nodes: readonly NodeSpec[]
  /** The command line that writes missing word lists. */
  wordsCommand: readonly string[]
  /** The command line that prints the sealed Pass names (`… pass names vaults|items`, pass/names-command.ts). */
  passNamesCommand: readonly string[]
}

export function blockMarkers(bin: string): {begin: string; end: string} {
  return {begin: `# >>> ${bin}: @proton-cli/plugin-api completion >>>`, end: `# <<< ${bin}: @proton-cli/plugin-api completion <<<`}
}

/** The prefix of every function and variable the block defines (a double underscore: no topic function of the plugin's looks like it). */
function prefixOf(setup: CompletionSetup): string {
  return `_${shellIdentifier(setup.bin)}__proton`
}

/** `name:summary` for zsh's _describe; bash keeps the name only. */
function entry(name: string, summary: string, described: boolean): string {
  return shellQuote(described && summary !== '' ? `${name}:${summary}` : name)
}

/** The children of a node: the next word of every node below it, once each. */
function children(setup: CompletionSetup, id: string): NodeSpec[] {
  const start = id === '' ? '' : `${id}:`
  const found = new Map<string, NodeSpec>()
  for (const node of setup.nodes) {
    if (node.id === '' || !node.id.startsWith(start)) continue
    const name = node.id.slice(start.length).split(':')[0]
    const child = setup.nodes.find((candidate) => candidate.id === `${start}${name}`)
    if (child && !found.has(name)) found.set(name, child)
  }

  return [...found.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, node]) => node)
}

/** `<P>_node ID`: kids, flags and valued for a known node; status 1 (nothing assigned) for an unknown one. */
function nodeTable(setup: CompletionSetup, p: string, described: boolean): string {
  const branches = setup.nodes.map((node) => {
    const kids = children(setup, node.id).map((kid) => entry(kid.id.slice(kid.id.lastIndexOf(':') + 1), kid.summary, described))
    const flags = node.flags.map((flag) => entry(flag.name, flag.summary, described))
    const valued = node.flags.filter((flag) => flag.valued).map((flag) => flag.name)
    return `    ${shellQuote(node.id)}) kids=(${kids.join(' ')}); flags=(${flags.join(' ')}); valued=' ${valued.join(' ')} ' ;;`
  })
  return `${p}_node() {
  case $1 in
${branches.join('\n')}
    *) return 1 ;;
  esac
}`
}

/** `<P>_options CMD FLAG`: the values a flag declares. */
function optionsTable(setup: CompletionSetup, p: string): string {
  const byValues = new Map<string, string[]>()
  for (const node of setup.nodes) {
    for (const flag of node.flags) {
      if (flag.options.length === 0) continue
      const values = flag.options.map((option) => shellQuote(option)).join(' ')
      byValues.set(values, [...(byValues.get(values) ?? []), shellQuote(`${node.id} ${flag.name}`)])
    }
  }

  const branches = [...byValues.entries()].map(([values, keys]) => `    ${keys.join('|')}) opts=(${values}) ;;`)
  return `${p}_options() {
  case "$1 $2" in
${branches.join('\n')}
    *) return 1 ;;
  esac
}`
}

/**
 * Lines alike in bash and zsh. In: w[1..n] the words after the bin before
 * the cursor, cur the word at the cursor. Out: kind (host: not a line of
 * ours; commands, flags, value, args), cmd (the node reached), flag (the
 * flag whose value is at the cursor), argn and method (the arguments
 * before the cursor), lead (the part of cur the candidates do not repeat:
 * `--output=`, `proton:`), and the candidates in described (name or
 * name:summary), plain, anycase (METHODs, any letter case) and partial
 * (paths that stop before a parameter: no space after them); files=1 asks
 * for file names.
 */
function sharedFunctions(setup: CompletionSetup, p: string, described: boolean): string {
  const topic = setup.topic
  const methodsBranches = setup.methods.map((method) => {
    const prefixes = ["''", ...[...method].map((_, index) => anyCasePattern(method.slice(0, index + 1)))]
    return `  case $cur in ${prefixes.join('|')}) anycase+=(${method}) ;; esac`
  })
  const fileBranches = setup.methods.map((method) => `    ${anyCasePattern(method)}) file=${method} ;;`)
  const runnable = setup.nodes.filter((node) => node.runnable && node.id !== '').map((node) => shellQuote(node.id))
  // Inside a host `<bin> proton …` and `<bin> proton:…` are ours, and a top-level form of ours once its name is typed.
  const hostPart =
    topic === ''
      ? ''
      : `  if (( n == 0 )); then
    case $cur in
      ${shellQuote(`${topic}:`)}*) lead=${shellQuote(`${topic}:`)}; cur=\${cur#"$lead"} ;;
      *) kind=host; return ;;
    esac
  elif [[ \${w[1]} == ${shellQuote(topic)} ]]; then
    i=2
  elif [[ \${w[1]} == ${shellQuote(`${topic}:`)}* ]]; then
    w[1]=\${w[1]#${shellQuote(`${topic}:`)}}
  else
    top=1
  fi
`
  const topLevelCheck =
    topic === ''
      ? ''
      : `  if (( top )) && { [[ $kind == commands ]] || ! ${p}_ours "$cmd"; }; then kind=host; fi
`
  return `${p}_words=${shellQuote(setup.wordsDir)}
${p}_names_dir=${shellQuote(setup.namesDir)}
${namesFunction(setup, p)}
${nodeTable(setup, p, described)}
${optionsTable(setup, p)}
${p}_ours() {
  case $1 in
    ${[...setup.topLevel].map((id) => shellQuote(id)).join('|') || "''"}) return 0 ;;
  esac
  return 1
}
${p}_scan() {
  local i=1 word pending= open=1 dashes=0 top=0 given=
  kind= cmd= argn=0 method= flag= lead= profile=
  ${p}_node ''
${hostPart}  for (( ; i <= n; i++ )); do
    word=\${w[i]}
    if [[ -n $pending ]]; then
      [[ $cmd == api && ( $pending == -X || $pending == --method ) ]] && given=$word
      [[ $pending == --profile ]] && profile=$word
      pending=; continue
    fi
    if (( ! dashes )) && [[ $word == -?* ]]; then
      [[ $word == -- ]] && { dashes=1; open=0; continue; }
      [[ $word == --profile=* ]] && profile=\${word#*=}
      if [[ $cmd == api ]]; then
        case $word in
          --method=*) given=\${word#*=} ;;
          -X?*) given=\${word#-X}; given=\${given#=} ;;
        esac
      fi
      # A flag ends the command's name, except the global flags a standalone line may begin with.
      [[ -n $cmd ]] && open=0
      [[ $word != *=* && $valued == *" $word "* ]] && pending=$word
      continue
    fi
    if (( open )) && ${p}_node "\${cmd:+$cmd:}$word"; then cmd=\${cmd:+$cmd:}$word; continue; fi
    open=0
    (( argn == 0 )) && method=$word
    argn=$(( argn + 1 ))
  done
  if [[ -n $pending ]]; then kind=value; flag=$pending; return; fi
  if (( ! dashes )) && [[ $cur == -* ]]; then
    if [[ $cur == -?*=* && $valued == *" \${cur%%=*} "* ]]; then
      kind=value; flag=\${cur%%=*}; lead=$flag=; cur=\${cur#*=}
    else
      kind=flags
    fi
  elif (( open )); then
    kind=commands
  else
    kind=args
  fi
  # api -X METHOD (--method): the first argument is then the ENDPOINT.
  if [[ -n $given ]]; then method=$given; argn=$(( argn + 1 )); fi
${topLevelCheck}}
${p}_methods() {
${methodsBranches.join('\n')}
}
${p}_endpoints() {
  local file t lit out rest c seg tseg tail seen=$'\\n'
  local -a lines
  case $method in
${fileBranches.join('\n')}
    *) return ;;
  esac
  file=$${p}_words/$file
  [[ -r $file ]] || command ${setup.wordsCommand.map((word) => shellQuote(word)).join(' ')} </dev/null >/dev/null 2>&1
  [[ -r $file ]] || return
  ${p}_lines "$file"
  for t in "\${lines[@]}"; do
    [[ -n $t ]] || continue
    # lit: the template up to its first parameter ({id}), the part that can be offered as typed.
    lit=\${t%%\\{*}
    if (( \${#lit} >= \${#cur} )); then
      [[ $lit == "$cur"* ]] || continue
      if [[ $lit == "$t" ]]; then
        plain+=("$t")
      elif [[ $lit != "$cur" && $seen != *$'\\n'"$lit"$'\\n'* ]]; then
        partial+=("$lit"); seen+=$lit$'\\n'
      fi
      continue
    fi
    [[ $lit == "$t" ]] && continue
    # The cursor is past a parameter: match segment by segment, a parameter taking whatever was typed.
    out=\${lit%/*}/
    [[ $cur == "$out"* ]] || continue
    rest=\${t#"$out"}; c=\${cur#"$out"}
    while [[ $c == */* ]]; do
      seg=\${c%%/*}; c=\${c#*/}
      [[ $rest == */* ]] || continue 2
      tseg=\${rest%%/*}; rest=\${rest#*/}
      if [[ $tseg == *\\{* ]]; then
        [[ -n $seg ]] || continue 2
      elif [[ $tseg != "$seg" ]]; then
        continue 2
      fi
      out+=$seg/
    done
    tseg=\${rest%%/*}
    [[ $tseg != *\\{* && $tseg == "$c"* ]] || continue
    tail=\${rest%%\\{*}
    if [[ $tail == "$rest" ]]; then
      plain+=("$out$rest")
    elif [[ $seen != *$'\\n'"$out$tail"$'\\n'* ]]; then
      partial+=("$out$tail"); seen+=$out$tail$'\\n'
    fi
  done
}
${p}_collect() {
  local x prefix
  local -a ids
  described=() plain=() anycase=() partial=() files=0 dtag=
  case $kind in
    commands)
      if [[ $cur == *:* || -n $lead ]]; then
        # name:name (a host whose separator is ':', or typed so): whole command ids below the node reached.
        ids=(${runnable.join(' ')})
        prefix=\${cmd:+$cmd:}
        for x in "\${ids[@]}"; do
          [[ $x == "$prefix"* && \${x#"$prefix"} == "$cur"* ]] && plain+=("\${x#"$prefix"}")
        done
        return
      fi
      dtag=commands
      for x in "\${kids[@]}"; do [[ \${x%%:*} == "$cur"* ]] && described+=("$x"); done
      [[ $cmd == api ]] && ${p}_methods
      ${p}_arg_names
      ;;
    flags)
      dtag=options
      for x in "\${flags[@]}"; do [[ \${x%%:*} == "$cur"* ]] && described+=("$x"); done
      ;;
    value)
      if [[ $flag == --profile ]]; then
        ${p}_profiles
      elif ${p}_value_names "$cmd" "$flag"; then
        :
      elif ${p}_options "$cmd" "$flag"; then
        for x in "\${opts[@]}"; do [[ $x == "$cur"* ]] && plain+=("$x"); done
      else
        files=1
      fi
      ;;
    args)
      ${p}_arg_names
      if [[ $cmd == api ]]; then
        (( argn == 0 )) && ${p}_methods
        (( argn == 1 )) && ${p}_endpoints
      fi
      ;;
  esac
}`
}

/**
 * Flag values that are names, never file names: mailbox words and the
 * account's labels and folders (--label, --to, --add/--remove, --parent),
 * calendar names (--calendar, whatever the command). `${p}_names KIND…`
 * adds those that begin with cur; `${p}_value_names CMD FLAG` says whether
 * the flag takes names, and adds them.
 */
function namesFunction(setup: CompletionSetup, p: string): string {
  const words = (list: readonly string[]) => list.map((word) => shellQuote(word)).join(' ')
  return `${p}_names() {
  local kind x
  local -a lines
  for kind in "$@"; do
    case $kind in
      mailbox) lines=(${words(setup.mailboxWords)}) ;;
      move) lines=(${words(setup.moveWords)}) ;;
      *) [[ -f $${p}_names_dir/$kind && -r $${p}_names_dir/$kind ]] || continue; ${p}_lines "$${p}_names_dir/$kind" ;;
    esac
    for x in "\${lines[@]}"; do [[ -n $x && $x == "$cur"* ]] && plain+=("$x"); done
  done
  return 0
}
${p}_value_names() {
  case "$1 $2" in
    'mail:list --label') ${p}_names mailbox labels folders ;;
    'mail:move --to') ${p}_names move folders ;;
    'mail:label --add'|'mail:label --remove') ${p}_names labels ;;
    'mail:labels:create --parent') ${p}_names folders ;;
    *' --calendar') ${p}_names calendars ;;
    'pass:'*' --vault') ${p}_pass_names vaults ;;
    *) return 1 ;;
  esac
}
# The names a command's first argument takes.
${p}_arg_names() {
  (( argn == 0 )) || return 0
  case $cmd in
    mail:labels:delete) ${p}_names labels folders ;;
    pass:vaults:delete) ${p}_pass_names vaults ;;
    pass:items:get|pass:items:edit|pass:items:trash|pass:items:restore|pass:items:delete|pass:totp) ${p}_pass_names items ;;
  esac
  return 0
}
# Pass names are kept sealed (pass/sealed-names.ts): the CLI opens them (one request for the session's local key, 3 s
# at most) and prints them, one a line, or prints nothing. The profile is the line's --profile, else the CLI's default.
${p}_pass_names() {
  local x
  local -a lines extra=()
  [[ -n $profile ]] && extra=(--profile "$profile")
  ${p}_run_lines ${setup.passNamesCommand.map((word) => shellQuote(word)).join(' ')} "$1" "\${extra[@]}" --quiet --timeout 3
  for x in "\${lines[@]}"; do [[ -n $x && $x == "$cur"* ]] && plain+=("$x"); done
  return 0
}`
}

/** The sessions directory as the CLI computes it (oclif's Config#configDir), read when TAB is pressed. */
function sessionsDir(setup: CompletionSetup): string {
  const fallback = `\${XDG_CONFIG_HOME:-$HOME/.config}/${shellQuote(setup.dirname)}`
  return `${setup.configDirVariables.reduceRight((inner, variable) => `\${${variable}:-${inner}}`, fallback)}/sessions`
}

/** The profile-name test both shells apply to a session file's name (session-store.ts: PROFILE). */
const PROFILE_TEST = `\${#x} -le 64 && $x == [A-Za-z0-9]* && $x != *[!A-Za-z0-9_.-]* && $x == "$cur"*`

/**
 * The bash block: wraps the plugin's function `_<bin>_autocomplete`.
 * `registration` holds the options the plugin registered its function
 * with (-o default …), kept for ours.
 */
export function bashBlock(setup: CompletionSetup, registration = ''): string {
  const p = prefixOf(setup)
  const {begin, end} = blockMarkers(setup.bin)
  const original = `_${setup.bin}_autocomplete`
  const bins = [setup.bin, ...setup.aliases]
  // Standalone, the plugin's function has nothing we do not do better; in a host it completes the host's commands.
  const fallback = setup.topic === '' ? 'return 0' : `${original} "$@"; return`
  return `${begin}
${sharedFunctions(setup, p, false)}
# lines=(the lines of file $1), read by a built-in.
${p}_lines() {
  mapfile -t lines < "$1"
}
# lines=(the lines the command "$@" prints), its stderr dropped.
${p}_run_lines() {
  mapfile -t lines < <(command "$@" </dev/null 2>/dev/null)
}
${p}_profiles() {
  local x dir=${sessionsDir(setup)} failglob= noglob=
  [[ -d $dir ]] || return
  # The user's shell options must not break the glob or make it print anything.
  shopt -q failglob && { shopt -u failglob; failglob=1; }
  [[ -o noglob ]] && { set +o noglob; noglob=1; }
  for x in "$dir"/*.json; do
    x=\${x##*/}; x=\${x%.json}
    [[ ${PROFILE_TEST} ]] && plain+=("$x")
  done
  [[ -n $failglob ]] && shopt -s failglob
  [[ -n $noglob ]] && set -o noglob
  return 0
}
${p}_complete() {
  [[ -e ${shellQuote(setup.pluginFile)} ]] || { ${fallback}; }
  local -a w=() kids=() flags=() opts=() described=() plain=() anycase=() partial=()
  local n k=-1 i word gap rest=$COMP_LINE space=$' \\t\\n' cur raw keep x quote
  local kind cmd argn method flag lead valued files dtag profile
  # bash splits words at = and : too (COMP_WORDBREAKS): glue back what the line has without a space between.
  for (( i = 0; i <= COMP_CWORD; i++ )); do
    word=\${COMP_WORDS[i]}
    gap=\${rest%%[!$space]*}; rest=\${rest#"$gap"}; rest=\${rest#"$word"}
    if (( k >= 1 )) && [[ -z $gap ]]; then w[k]+=$word; else w[++k]=$word; fi
  done
  n=$(( k - 1 )); cur=\${w[k]}; unset 'w[k]'
  # Readline replaces only the text after the last break character: candidates lose what comes before it.
  raw=\${COMP_WORDS[COMP_CWORD]}
  [[ -n $raw && -z \${raw//[$COMP_WORDBREAKS]/} ]] && raw=
  keep=$(( \${#cur} - \${#raw} )); (( keep < 0 )) && keep=0
  ${p}_scan
  if [[ $kind == host ]]; then
    ${original} "$@"
    # The host's function names our topic once per command under it.
    local -a unique=()
    for x in "\${COMPREPLY[@]}"; do [[ " \${unique[*]} " == *" $x "* ]] || unique+=("$x"); done
    COMPREPLY=("\${unique[@]}")
    return 0
  fi
  # As zsh does: a word opened with a quote is matched without it (readline closes the quote after a
  # candidate); a bare word is matched unescaped, and the candidates are escaped (%q), so "My calendar"
  # comes back as one word.
  quote=
  case $cur in
    [\\"\\']*) quote=\${cur:0:1}; cur=\${cur:1} ;;
    *\\\\*) x=$cur; cur=; while [[ -n $x ]]; do [[ $x == \\\\?* ]] && x=\${x:1}; cur+=\${x:0:1}; x=\${x:1}; done ;;
  esac
  ${p}_collect
  COMPREPLY=()
  for x in "\${described[@]%%:*}" "\${plain[@]}" "\${anycase[@]}" "\${partial[@]}"; do
    # Inside the quote: what would end it or expand there is escaped (a name of the service's never runs as code).
    case $quote in
      '') printf -v x %q "$x" ;;
      \\") x=\${x//\\\\/\\\\\\\\}; x=\${x//\\$/\\\\\\$}; x=\${x//\\\`/\\\\\\\`}; x=\${x//\\"/\\\\\\"} ;;
      *) x=\${x//\\'/\\'\\\\\\'\\'} ;;
    esac
    x=$lead$x; COMPREPLY+=("\${x:keep}")
  done
  compopt +o default 2>/dev/null
  (( files )) && compopt -o default 2>/dev/null
  (( \${#COMPREPLY[@]} == 1 && \${#partial[@]} == 1 )) && compopt -o nospace 2>/dev/null
  return 0
}
# compopt and mapfile came with bash 4: an older bash keeps the plugin's function.
if (( BASH_VERSINFO[0] >= 4 )); then
${bins.map((bin) => `  complete ${registration}-F ${p}_complete ${shellQuote(bin)}`).join('\n')}
fi
${end}
`
}

/** The zsh block: wraps the plugin's main function `_<bin>`; it goes before the file's last line, which calls that function. */
export function zshBlock(setup: CompletionSetup): string {
  const p = prefixOf(setup)
  const {begin, end} = blockMarkers(setup.bin)
  const main = `_${setup.bin}`
  const fallback = setup.topic === '' ? 'return 1' : `${main}_oclif "$@"; return`
  return `${begin}
${sharedFunctions(setup, p, true)}
# lines=(the lines of file $1): $(<file) starts no process in zsh.
${p}_lines() {
  lines=("\${(@f)$(<$1)}")
}
# lines=(the lines the command "$@" prints), its stderr dropped.
${p}_run_lines() {
  lines=("\${(@f)$(command "$@" </dev/null 2>/dev/null)}")
}
${p}_profiles() {
  local x dir=${sessionsDir(setup)}
  for x in $dir/*.json(N:t:r); do
    [[ ${PROFILE_TEST} ]] && plain+=("$x")
  done
}
(( $+functions[${main}_oclif] )) || functions[${main}_oclif]=$functions[${main}]
${main}() {
  [[ -e ${shellQuote(setup.pluginFile)} ]] || { ${fallback}; }
  local -a w kids flags opts described plain anycase partial
  local n cur kind cmd argn method flag lead valued files dtag profile ret=1
  w=("\${(@Q)words[2,CURRENT-1]}"); n=\${#w}; cur=\${(Q)PREFIX}
  ${p}_scan
  [[ $kind == host ]] && { ${main}_oclif "$@"; return; }
  ${p}_collect
  [[ -n $lead ]] && compset -P "\${(b)lead}"
  (( files )) && _files && ret=0
  (( \${#described} )) && _describe -t $dtag \${dtag%s} described && ret=0
  (( \${#plain} )) && compadd -- "\${plain[@]}" && ret=0
  (( \${#anycase} )) && compadd -M 'm:{a-z}={A-Z}' -- "\${anycase[@]}" && ret=0
  (( \${#partial} )) && compadd -S '' -- "\${partial[@]}" && ret=0
  return ret
}
${end}
`
}

/** The options the plugin's bash script registers its function with (`complete -o default -F …`), to keep them. */
export function bashRegistration(script: string, bin: string): string {
  const escaped = `_${bin}_autocomplete`.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const match = new RegExp(`^complete ((?:-o \\S+ )*)-F ${escaped} `, 'm').exec(script)
  return match?.[1] ?? ''
}

/** Put the block into a generated script: replace an earlier one, or insert it before `beforeLine` (else at the end). */
export function withBlock(script: string, block: string, bin: string, beforeLine?: string): string {
  const {begin, end} = blockMarkers(bin)
  const start = script.indexOf(begin)
  let base = script
  if (start !== -1) {
    const stop = script.indexOf(end, start)
    base = script.slice(0, start) + (stop === -1 ? '' : script.slice(stop + end.length + 1))
  }

  const lines = base.split('\n')
  const at = beforeLine === undefined ? -1 : lines.findLastIndex((line) => line.trim() === beforeLine)
  if (at === -1) return `${base.endsWith('\n') ? base : `${base}\n`}${block}`
  return [...lines.slice(0, at), block.trimEnd(), ...lines.slice(at)].join('\n')
}
