# Drives a real interactive zsh in a pseudo-terminal (zsh/zpty).
# Arguments: the file receiving the shell's stderr, the profile line to
# source, then the lines to complete. For each line it types the line,
# presses TAB and prints
#   == <line>
#   <C>candidate         every candidate the completion system offered
#                        (recorded by a compadd wrapper), one per line
#   <B>line after TAB    the edit buffer once completion is done
#   <E>stderr line       anything written on stderr meanwhile
# (the line editor draws on the terminal, not on stderr).
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
zpty -b shell zsh -f -i
# A profile line may end with a comment, which zsh -f -i would take for a command.
zpty -w shell "PS1='' RPROMPT=''; setopt interactive_comments; exec 2>>'$errors'"
zpty -w shell "$profile"
# compadd calls that only query (-O/-A/-D) pass through; the others also print what they add.
zpty -w shell 'compadd() { if (( ${@[(I)-[OAD]*]} )); then builtin compadd "$@"; return; fi; local -a found; builtin compadd -O found "$@"; print -rn -- ${found/#/$'"'"'\n<C>'"'"'} >/dev/tty; builtin compadd "$@"; }'
zpty -w shell 'tab-and-mark() { zle complete-word; print -rn -- $'"'"'\n<B>'"'"'$BUFFER$'"'"'\n<DONE>\n'"'"' >/dev/tty; }; zle -N tab-and-mark; bindkey "^I" tab-and-mark; zstyle ":completion:*" menu no; LISTMAX=100000; print READ""Y'
# READ""Y: the echo of the typed command must not pass for its output (typing on too early loses the keys).
read-until READY || { print -u2 'zsh did not start'; exit 4 }
for input in "$@"; do
  zpty -n -w shell "$input"$'\t'
  read-until '<DONE>' || print -r -- '<E>(driver: TAB did not finish)'
  print -r -- "== $input"
  for line in ${(f)out//$'\r'/}; do
    # print joins the candidates of one compadd with spaces.
    [[ $line == '<C>'* ]] && print -r -- ${line% }
    [[ $line == '<B>'* ]] && print -r -- $line
  done
  for line in ${(f)"$(<$errors)"}; do print -r -- "<E>$line"; done
  : >| $errors
  zpty -n -w shell $'\C-e\C-u'
done
zpty -d shell
