/**
 * A file's media type by its extension, the common ones; else application/octet-stream. One table for what the
 * tool sends: a mail attachment's MIMEType (uploadForm, buildPackages) and a drive upload's mediaType (upload),
 * as the web client types a file by its name before it uploads it.
 */
const MEDIA_TYPES: Readonly<Record<string, string>> = {
  csv: 'text/csv',
  gif: 'image/gif',
  htm: 'text/html',
  html: 'text/html',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  json: 'application/json',
  pdf: 'application/pdf',
  png: 'image/png',
  txt: 'text/plain',
  zip: 'application/zip',
}

export const mediaTypeOf = (name: string) => MEDIA_TYPES[/\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? ''] ?? 'application/octet-stream'
