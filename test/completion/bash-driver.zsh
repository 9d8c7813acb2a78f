# Drives a real interactive bash in a pseudo-terminal (zsh's zpty module:
# readline needs a terminal, and this way bash itself splits the line into
# COMP_WORDS, as on a real TAB). Arguments: the file receiving the
# completion function's stderr, the profile line to source, then the lines
# to complete. For each line it types the line, presses TAB and prints
#   == <line>
#   <C>candidate         one per COMPREPLY entry
#   <B>line after TAB    what readline made of the line
#   <E>stderr line       anything the completion wrote on stderr
# A wrapper registered in place of the completion function records
# COMPREPLY (the function itself runs unchanged, with its own options).
zmodload zsh/zpty || { print -u2 'zsh/zpty is missing'; exit 3 }

# Reads the pseudo-terminal until $1 shows up (at most 10 s) into $out.
read-until() {
  out=
  integer waited=0
  while [[ $out != *$1* ]] && (( waited++ < 1000 )); do
    if zpty -r -t shell chunk; then out+=$chunk; else sleep 0.01; fi
  done
  [[ $out == *$1* ]]
}

errors=$1 profile=$2; shift 2
: >| $errors
zpty -b shell bash --norc --noprofile -i
# The profile line may end with a comment: the group closes on the next line.
# No history file: bash would write it while exiting, as the test removes its home.
zpty -w shell "PS1=''; PS2=''; unset HISTFILE; { $profile"$'\n'"} 2>>'$errors'"
zpty -w shell 'spec=$(complete -p "${COMPLETE_COMMAND:-proton}"); fn=${spec##*-F }; fn=${fn%% *}; printf "\n<R>%s\n" "$spec" >/dev/tty'
zpty -w shell 'record() { "$fn" "$@" 2>>"'$errors'"; local s=$?; (( ${#COMPREPLY[@]} )) && printf "\n<C>%s" "${COMPREPLY[@]}" >/dev/tty; printf "\n<DONE>\n" >/dev/tty; return $s; }'
zpty -w shell 'eval "${spec/-F $fn /-F record }"; bind -x '"'"'"\C-x\C-b": printf "\n<B>%s\n<LINE>\n" "$READLINE_LINE" >/dev/tty'"'"'; echo READ""Y'
# READ""Y: the echo of the typed command must not pass for its output (typing on too early loses the keys).
read-until READY || { print -u2 'bash did not start'; exit 4 }
print -r -- ${(M)${(f)out//$'\r'/}:#'<R>'*}


for input in "$@"; do
  zpty -n -w shell "$input"$'\t'
  read-until '<DONE>' || print -r -- '<E>(driver: no completion function ran)'
  print -r -- "== $input"
  for line in ${(f)out//$'\r'/}; do [[ $line == '<C>'* ]] && print -r -- $line; done
  zpty -n -w shell $'\C-x\C-b'
  read-until '<LINE>'
  for line in ${(f)out//$'\r'/}; do [[ $line == '<B>'* ]] && print -r -- $line; done
  for line in ${(f)"$(<$errors)"}; do print -r -- "<E>$line"; done
  : >| $errors
  # Back to an empty line: end of line, then erase it.
  zpty -n -w shell $'\C-e\C-u'
done
zpty -d shell
