# Drives a real interactive zsh in a pseudo-terminal (zsh/zpty): sources
# the profile line given as $1, then for each further argument types it,
# presses TAB and prints "== <line>" followed by every candidate the
# completion system offered (recorded by a compadd wrapper), one per line.
zmodload zsh/zpty || { print -u2 'zsh/zpty is missing'; exit 3 }
profile=$1; shift
zpty -b shell zsh -f -i
zpty -w shell "PS1='' RPROMPT=''; $profile"
# compadd calls that only query (-O/-A/-D) pass through; the others also print what they add.
zpty -w shell 'compadd() { if (( ${@[(I)-[OAD]*]} )); then builtin compadd "$@"; return; fi; local -a found; builtin compadd -O found "$@"; print -rn -- ${found/#/$'"'"'\n<C>'"'"'} >/dev/tty; builtin compadd "$@"; }'
zpty -w shell 'tab-and-mark() { zle complete-word; print -rn -- $'"'"'\n<DONE>\n'"'"' >/dev/tty; }; zle -N tab-and-mark; bindkey "^I" tab-and-mark; zstyle ":completion:*" menu no; LISTMAX=100000; print READY'
zpty -r -m shell ready '*READY*' || { print -u2 'zsh did not start'; exit 4 }
for input in "$@"; do
  zpty -n -w shell "$input"$'\t'
  out=
  integer waited=0
  while [[ $out != *'<DONE>'* ]] && (( waited++ < 1000 )); do
    if zpty -r -t shell chunk; then out+=$chunk; else sleep 0.01; fi
  done
  print -r -- "== $input"
  for line in ${(f)out//$'\r'/}; do
    [[ $line == '<C>'* ]] && print -r -- ${${line#<C>}%% #}
  done
  zpty -n -w shell $'\C-u'
done
zpty -d shell
