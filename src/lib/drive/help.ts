/** What the help of every drive command says about PATH and My Files. */
export const DRIVE_PATH_HELP = `Built on Proton's official @protontech/drive-sdk: names, keys and blocks are encrypted on this machine, the service sees none of them in clear. PATH is a chain of decrypted names under My Files ("Documents/notes.txt"; "" or "/" is My Files itself), or a node UID (VOLUME~LINK, as --output json and piped lists show it; or "~LINK", cut or not, as a table on a terminal shows it: the volume, which every node of My Files shares, left out); a name of either shape is given as "./a~b", "./~a". Without My Files on the account every command says so and names "drive init", which creates it: none creates it unasked.`

/** --dry-run of every drive command that changes something (plan.ts). */
export const DRIVE_DRY_RUN_SUMMARY = 'Resolve every PATH and say what would be done (one line each); change nothing.'
