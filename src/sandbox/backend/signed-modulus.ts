/**
 * The SRP modulus the sandbox serves: one the service publishes, signed with
 * its modulus signing key, so a login client's signature check passes
 * against the sandbox exactly as against the service.
 */
export const SIGNED_MODULUS = [
  '-----BEGIN PGP SIGNED MESSAGE-----\n',
  'Hash: SHA256\n',
  '\n',
  'W2z5HBi8RvsfYzZTS7qBaUxxPhsfHJFZpu3Kd6s1JafNrCCH9rfvPLrfuqocxWPgWDH2R8neK7PkNvjxto9TStuY5z7jAzWRvFWN9cQhAKkdWgy0JY6ywVn22+HFpF4cYesHrqFIKUPDMSSIlWjBVmEJZ/MusD44ZT29xcPrOqeZvwtCffKtGAIjLYPZIEbZKnDM1Dm3q2K/xS5h+xdhjnndhsrkwm9U9oyA2wxzSXFL+pdfj2fOdRwuR5nW0J2NFrq3kJjkRmpO/Genq1UW+TEknIWAb6VzJJJA244K/H8cnSx2+nSNZO3bbo6Ys228ruV9A8m6DhxmS+bihN3ttQ==\n',
  '-----BEGIN PGP SIGNATURE-----\n',
  'Version: ProtonMail\n',
  'Comment: https://protonmail.com\n',
  '\n',
  'wl4EARYIABAFAlwB1j0JEDUFhcTpUY8mAAD8CgEAnsFnF4cF0uSHKkXa1GIa\n',
  'GO86yMV4zDZEZcDSJo0fgr8A/AlupGN9EdHlsrZLmTA1vhIx+rOgxdEff28N\n',
  'kvNM7qIK\n',
  '=q6vu\n',
  '-----END PGP SIGNATURE-----',
].join('')
