#!/bin/sh
# Makes test/fixtures/gnupg/ with GnuPG (2.2, not OpenPGP.js), so the tool's
# decryption and signature checks are tested against an independent
# implementation. Keys of the kinds Proton makes (v4, ed25519 + cv25519).
#   alice.pub.asc           alice@example.test, the sender whose key the service publishes
#   inline-signed.asc       signed by alice, encrypted to the sandbox's primary address key: verified
#   impostor-signed.asc     signed by mallory (a key of her own named alice@example.test), encrypted
#                           the same way: checked against alice's published key it must FAIL
#   attachment.txt          an attachment's plaintext, and as the service keeps it:
#   attachment.keypackets   the PKESK packet(s) to the address key
#   attachment.data         the SEIPD data packet
#   attachment.sig.asc      alice's detached signature over the plaintext
#   token-user.asc          a user key (secret, passphrase "user-passphrase")
#   token-address.asc       an address key (secret) locked by a random token,
#   token.asc, token.sig.asc  that token encrypted to the user key and signed by it (detached)
# Run from the repository: sh scripts/generate-gnupg-fixtures.sh (needs gpg and node).
set -eu
# The repository's pinned Node (24: it reads the .ts fixture of the sandbox's keys).
node=node_modules/.bin/node
out=test/fixtures/gnupg
mkdir -p "$out"
home=$(mktemp -d)
chmod 700 "$home"
trap 'gpgconf --homedir "$home" --kill gpg-agent 2>/dev/null || true; rm -rf "$home"' EXIT
gpg() { command gpg --homedir "$home" --batch --no-tty --pinentry-mode loopback "$@"; }
key() { # key EMAIL PASSPHRASE: an ed25519 primary (sign, certify) and a cv25519 subkey (encrypt)
  gpg --passphrase "$2" --quick-generate-key "$1" ed25519 sign,cert never
  fpr=$(gpg --with-colons --list-secret-keys "$1" | awk -F: '/^fpr/ {print $10; exit}')
  gpg --passphrase "$2" --quick-add-key "$fpr" cv25519 encr never
  echo "$fpr"
}

# The recipient: the sandbox's primary address key (public half), which the tests can unlock.
"$node" -e "import('../src/sandbox/fixtures/key-fixture.ts').then(async ({KEY_FIXTURE}) => { const pgp = await import('openpgp'); process.stdout.write((await pgp.readKey({armoredKey: KEY_FIXTURE.addressKeys[0].PrivateKey})).toPublic().armor()) })" > "$home/demo.asc"
gpg --import "$home/demo.asc"
to='--trust-model always --recipient demo@proton.test'

alice=$(key alice@example.test '')
gpg --armor --export "$alice" > "$out/alice.pub.asc"
printf 'Hello from alice, signed inline by GnuPG.\n' > "$home/inline.txt"
gpg $to --armor --local-user "$alice" --sign --encrypt --output - "$home/inline.txt" > "$out/inline-signed.asc"

# Mallory's own key under alice's name: a signature that does not hold with alice's published key.
home2=$(mktemp -d); chmod 700 "$home2"
mallory=$(home=$home2; key alice@example.test '')
gpg --homedir "$home2" --armor --export "$mallory" > "$home/mallory.pub.asc"
gpg --import "$home/mallory.pub.asc"
printf 'Please wire the money today. -- alice\n' > "$home/impostor.txt"
command gpg --homedir "$home2" --batch --no-tty --import "$home/demo.asc"
command gpg --homedir "$home2" --batch --no-tty $to --armor --local-user "$mallory" --sign --encrypt --output - "$home/impostor.txt" > "$out/impostor-signed.asc"
gpgconf --homedir "$home2" --kill gpg-agent 2>/dev/null || true
rm -rf "$home2"

printf 'Invoice 2026-11, from GnuPG.\n' > "$out/attachment.txt"
gpg $to --compress-algo none --encrypt --output "$home/attachment.gpg" "$out/attachment.txt"
gpg --armor --local-user "$alice" --detach-sign --output - "$out/attachment.txt" > "$out/attachment.sig.asc"
# Split the message where its data packet (tag 18, SEIPD) begins: the packets before it are the KeyPackets.
"$node" -e '
const fs = require("node:fs")
const [file, keys, data] = process.argv.slice(1)
const b = fs.readFileSync(file)
let at = 0
for (;;) {
  const h = b[at]
  if (!(h & 0x80)) throw new Error("not a packet at " + at)
  let tag, length, body
  if (h & 0x40) {
    tag = h & 0x3f
    const l = b[at + 1]
    if (l < 192) { length = l; body = at + 2 } else if (l < 224) { length = ((l - 192) << 8) + b[at + 2] + 192; body = at + 3 } else if (l === 255) { length = b.readUInt32BE(at + 2); body = at + 6 } else throw new Error("partial length before the data packet")
  } else {
    tag = (h >> 2) & 0x0f
    const t = h & 3
    if (t === 0) { length = b[at + 1]; body = at + 2 } else if (t === 1) { length = b.readUInt16BE(at + 1); body = at + 3 } else if (t === 2) { length = b.readUInt32BE(at + 1); body = at + 5 } else throw new Error("indeterminate length")
  }
  if (tag === 18) { fs.writeFileSync(keys, b.subarray(0, at)); fs.writeFileSync(data, b.subarray(at)); break }
  at = body + length
}' "$home/attachment.gpg" "$out/attachment.keypackets" "$out/attachment.data"

# An address key locked by a token, as the service keeps one: the token encrypted to the user key and signed by it.
user=$(key user@example.test user-passphrase)
token=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')
address=$(key address@example.test "$token")
gpg --passphrase user-passphrase --armor --export-secret-keys "$user" > "$out/token-user.asc"
gpg --passphrase "$token" --armor --export-secret-keys "$address" > "$out/token-address.asc"
printf '%s' "$token" > "$home/token"
gpg --trust-model always --recipient "$user" --armor --encrypt --output - "$home/token" > "$out/token.asc"
gpg --passphrase user-passphrase --local-user "$user" --armor --detach-sign --output - "$home/token" > "$out/token.sig.asc"
ls -l "$out"
