/**
 * The shell code added to @oclif/plugin-autocomplete's completion
 * functions so that `<bin> api` completes its argument values: METHOD,
 * then the ENDPOINT templates that exist for that method, read from the
 * word list (shell built-ins only: no process starts on TAB). Every other
 * position, flags included, goes to the plugin's own function.
 */
import {anyCasePattern, shellIdentifier, shellQuote} from './shell-words.ts'

export interface CompletionSetup {
  /** The host CLI's bin (config.bin) and its aliases. */
  bin: string
  aliases: readonly string[]
  wordsDir: string
  methods: readonly string[]
  /** Flags of the api command that take a value (--body, -x …): the word after them is not an argument. */
  valueFlags: readonly string[]
  /** Every public flag of the api command, offered wherever a word starts with "-". */
  flags: readonly string[]
  /** Commands under the api topic (endpoints, spec …): after one of them the plugin completes. */
  subcommands: readonly string[]
}

export function blockMarkers(bin: string): {begin: string; end: string} {
  return {begin: `# >>> ${bin} api: METHOD and ENDPOINT completion >>>`, end: `# <<< ${bin} api: METHOD and ENDPOINT completion <<<`}
}

/** Counts the arguments before the cursor; leaves count, method, and skip=1 when the cursor is on a flag's value. */
function argumentScan(setup: CompletionSetup, wordsVar: string, first: number, cursorVar: string, splitsAtEquals: boolean): string {
  const valueFlags = setup.valueFlags.length > 0 ? `      ${setup.valueFlags.join('|')}) skip=1 ;;\n` : ''
  const equals = splitsAtEquals ? `      if [[ $word == = ]]; then skip=1; continue; fi\n` : ''
  return `    local i word skip=0 count=0 method=
    for (( i = ${first}; i < ${cursorVar}; i++ )); do
      word=\${${wordsVar}[i]}
${equals}      if (( skip )); then skip=0; continue; fi
      case $word in
${valueFlags}      -*) ;;
      *) (( count == 0 )) && method=$word; count=$(( count + 1 )) ;;
      esac
    done`
}

/**
 * Lines alike in bash and zsh: set $file to the word list of $method,
 * writing the lists on first use; `noList` runs for a method without one,
 * `unreadable` when the list cannot be had.
 */
function wordListFile(setup: CompletionSetup, id: string, noList: string, unreadable: string): string {
  const methods = setup.methods.map((method) => `        ${anyCasePattern(method)}) file=${method} ;;`).join('\n')
  return `      local file
      case $method in
${methods}
        *) ${noList} ;;
      esac
      file=$_${id}_api_words/$file
      [[ -r $file ]] || command ${shellQuote(setup.bin)} api spec words >/dev/null 2>&1
      [[ -r $file ]] || ${unreadable}`
}

export function bashBlock(setup: CompletionSetup): string {
  const id = shellIdentifier(setup.bin)
  const {begin, end} = blockMarkers(setup.bin)
  const original = `_${setup.bin}_autocomplete`
  const bins = [setup.bin, ...setup.aliases]
  const subcommands = setup.subcommands.length > 0 ? `\n    case $method in ${setup.subcommands.join('|')}) ${original} "$@"; return ;; esac` : ''
  return `${begin}
_${id}_api_words=${shellQuote(setup.wordsDir)}
_${id}_api_complete() {
  local cur=\${COMP_WORDS[COMP_CWORD]}
  if [[ \${COMP_WORDS[1]} == api ]]; then
${argumentScan(setup, 'COMP_WORDS', 2, 'COMP_CWORD', true)}
    [[ $cur == = ]] && skip=1${subcommands}
    COMPREPLY=()
    if [[ $cur == -* ]]; then
      for word in ${setup.flags.join(' ')}; do [[ $word == "$cur"* ]] && COMPREPLY+=("$word"); done
      return 0
    fi
    if (( ! skip && count == 0 )); then
      ${original} "$@"
      local -a unique=()
      for word in "\${COMPREPLY[@]}"; do [[ " \${unique[*]} " == *" $word "* ]] || unique+=("$word"); done
      COMPREPLY=("\${unique[@]}")
      local restore
      shopt -q nocasematch || { shopt -s nocasematch; restore=1; }
      for word in ${setup.methods.join(' ')}; do [[ $word == "$cur"* ]] && COMPREPLY+=("$word"); done
      [[ -n $restore ]] && shopt -u nocasematch
      return 0
    fi
    if (( ! skip && count == 1 )); then
${wordListFile(setup, id, 'return 0', 'return 0')}
      while IFS= read -r word; do
        [[ $word == "$cur"* ]] && COMPREPLY+=("$word")
      done < "$file"
      return 0
    fi
  fi
  ${original} "$@"
}
${bins.map((bin) => `complete -F _${id}_api_complete ${shellQuote(bin)}`).join('\n')}
${end}
`
}

export function zshBlock(setup: CompletionSetup): string {
  const id = shellIdentifier(setup.bin)
  const {begin, end} = blockMarkers(setup.bin)
  const topic = `_${setup.bin}_api`
  return `${begin}
_${id}_api_words=${shellQuote(setup.wordsDir)}
(( $+functions[${topic}_oclif] )) || functions[${topic}_oclif]=$functions[${topic}]
${topic}() {
  # words[1] is "api" here: the plugin's function hands over the words after the bin.
  local cur=\${words[CURRENT]}
${argumentScan(setup, 'words', 2, 'CURRENT', false)}
  # A topic under api (spec …): hand it the words after its name, which the plugin's function omits to do.
  if (( count > 0 )) && [[ $method == (${setup.subcommands.join('|') || '-'}) ]] && (( $+functions[${topic}_$method] )); then
    shift words; (( CURRENT-- ))
    ${topic}_$method
    return
  fi
  if [[ $cur != -* ]]; then
    if (( ! skip && count == 0 )); then
      ${topic}_oclif "$@"
      compadd -M 'm:{a-z}={A-Z}' -- ${setup.methods.join(' ')}
      return 0
    fi
    if (( ! skip && count == 1 )); then
${wordListFile(setup, id, `${topic}_oclif "$@"; return`, 'return 1')}
      local -a templates
      templates=("\${(@f)$(<$file)}")
      compadd -Q -- $templates
      return 0
    fi
  fi
  ${topic}_oclif "$@"
}
${end}
`
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
